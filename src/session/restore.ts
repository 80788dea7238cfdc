import type { AgentEvent } from '../agent/events';
import type { AgentState } from '../agent/loop';
import type { ChatMessage } from '../model/types';
import type { Todo } from '../todos/types';
import { PLAN_TOOL_NAMES, type HeaderRecord } from './format';
import { repairHistory } from './history-repair';
import { InterruptedCalls, type CallRepair } from './interrupted-calls';
import type { ParsedSession, ReadRecord } from './reader';

/** A session as loaded for resuming: the agent's state plus what the app repaints. */
export interface RestoredSession {
  id: string;
  file: string;
  header: HeaderRecord;
  state: AgentState;
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
  let roundsSinceTodo = 0;
  const interrupted = new InterruptedCalls(parsed.header.startsRecorded === true);
  for (const record of current) {
    interrupted.note(record);
    if (record.kind === 'message') {
      messages.push(record.message);
      roundsSinceTodo = stepRounds(roundsSinceTodo, record.message);
    } else if (record.kind === 'event') {
      events.push(record.event);
      if (record.event.type === 'todos_updated') todos = record.event.todos;
    } else if (record.kind === 'state') {
      roundsSinceTodo = record.roundsSinceTodo;
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
      roundsSinceTodo,
      ...(taskListId ? { taskListId } : {}),
    },
    grantedRules,
    events,
    notices: [...parsed.notices],
    repairs,
  };
}

/** A reminder the loop appended (`<reminder>…</reminder>`, whatever it names). */
function isReminder(content: ChatMessage['content']): boolean {
  return typeof content === 'string' && /^<reminder>[^]*<\/reminder>$/.test(content);
}

/**
 * The reminder counter between state records (a crash mid-prompt leaves none): a tool round
 * without a plan tool counts one, a plan tool or a reminder resets it, as in the loop.
 */
function stepRounds(rounds: number, message: ChatMessage): number {
  if (message.role === 'user' && isReminder(message.content)) return 0;
  if (message.role !== 'assistant' || !message.tool_calls?.length) return rounds;
  const usedPlanTool = message.tool_calls.some(
    (call) => call.type === 'function' && PLAN_TOOL_NAMES.has(call.function.name),
  );
  return usedPlanTool ? 0 : rounds + 1;
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
