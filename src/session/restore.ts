import type { AgentEvent } from '../protocol/events';
import type { ChatMessage } from '../model/types';
import type { Todo } from '../protocol/todos';
import type { HeaderRecord } from './format';
import { repairHistory } from './history-repair';
import { ReminderCount } from './reminder-count';
import { InterruptedCalls, type CallRepair } from './interrupted-calls';
import type { ParsedSession, ReadRecord } from './reader';

/**
 * The conversation a session carries from prompt to prompt, as its log restores it: what
 * the agent's loop keeps between prompts (its AgentState).
 */
export interface SessionState {
  sessionId: string;
  messages: ChatMessage[];
  todos: Todo[];
  /** Tool rounds since a plan tool was called (the reminder's count). */
  roundsSinceTodo: number;
  /** The task list the session works on, when it uses the task tools. */
  taskListId?: string;
}

/** A session as loaded for resuming: the agent's state plus what the app repaints. */
export interface RestoredSession {
  id: string;
  file: string;
  header: HeaderRecord;
  state: SessionState;
  /** Rules granted with "allow always" earlier in the session. */
  grantedRules: string[];
  /** The recorded events since the last /clear, for the transcript (no deltas or live output). */
  events: AgentEvent[];
  notices: string[];
  /**
   * Results for tool calls a crash left unanswered (already in `state.messages` and
   * `events`): the model API rejects a history with an unanswered call, and the session
   * writer appends these so the file says the same. A call that had started says so, with
   * the output recorded before the crash.
   */
  repairs: CallRepair[];
}

/** Folds a parsed file into the state to resume from. Pure. */
export function restoreSession(parsed: ParsedSession): RestoredSession {
  const grantedRules: string[] = [];
  let current: ReadRecord[] = [];
  // The list outlives /clear: it is on disk, and the conversation after it plans there too.
  let taskListId: string | undefined;
  for (const record of parsed.records) {
    if (record.kind === 'task_list') taskListId = record.listId;
    if (record.kind === 'grant' && !grantedRules.includes(record.rule))
      grantedRules.push(record.rule);
    if (record.kind === 'revoke' && grantedRules.includes(record.rule))
      grantedRules.splice(grantedRules.indexOf(record.rule), 1);
    if (record.kind === 'clear') current = [];
    else current.push(record);
  }

  const messages: ChatMessage[] = [];
  const events: AgentEvent[] = [];
  let todos: Todo[] = [];
  const reminder = new ReminderCount();
  const interrupted = new InterruptedCalls(parsed.header.startsRecorded === true);
  for (const record of current) {
    interrupted.note(record);
    reminder.note(record);
    if (record.kind === 'message') {
      messages.push(record.message);
    } else if (record.kind === 'event') {
      events.push(record.event);
      if (record.event.type === 'todos_updated') todos = record.event.todos;
    } else if (record.kind === 'compact') {
      // The model goes on from the compacted history; the transcript keeps every event.
      messages.length = 0;
      messages.push(...record.messages);
    }
  }

  // Damaged lines the reader skipped may have taken a call or its result with them.
  const history = parsed.damagedLines.length ? repairHistory(messages) : messages;
  const repairs = unansweredCalls(history).map(({ id, name }) => interrupted.repair(id, name));
  for (const repair of repairs) {
    history.push(repair.message);
    events.push(repair.event);
  }

  return {
    id: parsed.header.id,
    file: parsed.file,
    header: parsed.header,
    state: {
      sessionId: parsed.header.id,
      messages: history,
      todos,
      roundsSinceTodo: reminder.count(),
      ...(taskListId ? { taskListId } : {}),
    },
    grantedRules,
    events,
    notices: [...parsed.notices],
    repairs,
  };
}

/** Tool calls of the last assistant message that have no tool result after them. */
function unansweredCalls(messages: ChatMessage[]): { id: string; name: string }[] {
  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant');
  if (lastAssistant < 0) return [];
  const assistant = messages[lastAssistant];
  if (assistant.role !== 'assistant' || !assistant.tool_calls?.length) return [];
  const answered = new Set(
    messages
      .slice(lastAssistant + 1)
      .flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : [])),
  );
  return assistant.tool_calls
    .filter((call) => !answered.has(call.id))
    .map((call) => ({
      id: call.id,
      name: call.type === 'function' ? call.function.name : call.type,
    }));
}
