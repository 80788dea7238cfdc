import { compactionLine } from '../context/format';
import type { AgentEvent, ToolStatus, TurnEndReason } from '../protocol/events';
import type { Usage } from '../protocol/usage';
import type { Todo, TodoStatus } from '../protocol/todos';
import type { TaskListSnapshot } from '../protocol/tasks';
import { isPlanRole, type ToolLook } from '../protocol/tool-look';
import type { HeaderRecord } from './format';
import type { ParsedSession } from './reader';
import { taskLabel, updateTaskHistory, type TaskHistoryItem } from './task-history';

export type { TaskHistoryItem } from './task-history';

/** A tool call as the report shows it. */
export interface ReportToolCall {
  id: string;
  name: string;
  summary: string;
  status: ToolStatus | 'unfinished';
  output: string;
  durationMs: number;
  t: number;
  /** Todo items (and tasks, as `#2 subject`) that were in progress when the call started. */
  duringTodos: string[];
  /** How the permission gate decided, when it was consulted ("allowed by user"). */
  permission?: string;
  /** An agent call's subagent: the calls it made, in order. */
  childCalls?: ReportToolCall[];
}

export type ReportStep =
  | { kind: 'answer'; text: string; t: number }
  | { kind: 'tool'; call: ReportToolCall }
  | { kind: 'note'; text: string; t: number }
  | { kind: 'error'; text: string; t: number };

export interface ReportPrompt {
  text: string;
  source: 'user' | 'hook';
  t: number;
  steps: ReportStep[];
  end?: { reason: TurnEndReason; rounds: number; t: number };
}

/** One todo item's life, followed by its content across the lists todo_write wrote. */
export interface TodoHistoryItem {
  content: string;
  /** Its status in the last list; 'removed' when a later list dropped it. */
  status: TodoStatus | 'removed';
  startedAt?: number;
  finishedAt?: number;
  /** Calls (todo_write aside) made while the item was in progress. */
  toolCalls: ReportToolCall[];
}

/** A checkpoint the session took (from the workspace's store), as `tick rewind` names it. */
export interface ReportPoint {
  id: number;
  t: number;
  /** `before #2 Write the parser`, `before bash rm notes.txt`. */
  label: string;
  /** The first point of its plan item (or prompt); else a call within it. */
  head: boolean;
}

export interface SessionReport {
  header: HeaderRecord;
  prompts: ReportPrompt[];
  todos: TodoHistoryItem[];
  finalTodos: Todo[];
  /** Every task the session saw, by list and id (empty when it used todo_write). */
  tasks: TaskHistoryItem[];
  /** The last task list announced. */
  finalTasks?: TaskListSnapshot;
  toolCalls: number;
  usage: Usage;
  lastActivity: number;
  /** The session's checkpoints, when the workspace's store has any (`tick export` reads them). */
  checkpoints?: ReportPoint[];
}

/** Folds a session's events into the report's structure. Pure. */
export function buildReport(parsed: ParsedSession): SessionReport {
  const prompts: ReportPrompt[] = [];
  const calls = new Map<string, ReportToolCall>();
  const history = new Map<string, TodoHistoryItem>();
  const taskHistory = new Map<string, TaskHistoryItem>();
  let activeTasks: TaskHistoryItem[] = [];
  let finalTasks: TaskListSnapshot | undefined;
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  /** Subagents' calls without a result yet, by agent id and call id. */
  const childCalls = new Map<string, ReportToolCall>();
  let finalTodos: Todo[] = [];
  let inProgress: string[] = [];
  let toolCalls = 0;
  /** Calls not yet credited to a plan item (plan tools never are). */
  const unattributed = new Set<ReportToolCall>();
  let lastActivity = Date.parse(parsed.header.startedAt) || 0;

  const current = (t: number): ReportPrompt => {
    if (!prompts.length) prompts.push({ text: '', source: 'user', t, steps: [] });
    return prompts[prompts.length - 1];
  };
  /** The call with this id that has no result yet; ids repeat across prompts and servers. */
  const callFor = (id: string, name: string, look: ToolLook, t: number): ReportToolCall => {
    const open = calls.get(id);
    if (open) return open;
    const call = newCall(id, name, t, []);
    calls.set(id, call);
    if (!isPlanRole(look.role)) unattributed.add(call);
    current(t).steps.push({ kind: 'tool', call });
    toolCalls += 1;
    return call;
  };
  /**
   * Credits a call to the plan items in progress when it ran (or, for a call that never
   * ran, when it ended): every call of a round is announced before the first runs, so a
   * todo_write in the same round must move the plan on first.
   */
  const attribute = (call: ReportToolCall): void => {
    if (!unattributed.delete(call)) return;
    call.duringTodos = [...inProgress, ...activeTasks.map(taskLabel)];
    for (const content of inProgress) history.get(content)?.toolCalls.push(call);
    for (const task of activeTasks) task.toolCalls.push(call);
  };

  for (const record of parsed.records) {
    lastActivity = Math.max(lastActivity, record.t);
    if (record.kind === 'clear') {
      current(record.t).steps.push({
        kind: 'note',
        text: 'Conversation cleared (/clear)',
        t: record.t,
      });
      continue;
    }
    if (record.kind !== 'event') continue;
    const { event, t } = record;
    switch (event.type) {
      case 'user_prompt':
        prompts.push({ text: event.text, source: event.source, t, steps: [] });
        break;
      case 'assistant_message':
        if (event.text.trim()) current(t).steps.push({ kind: 'answer', text: event.text, t });
        break;
      case 'tool_call_ready':
        callFor(event.id, event.name, event.look, t).summary = event.summary;
        break;
      case 'tool_running': {
        const call = calls.get(event.id);
        if (call) attribute(call);
        break;
      }
      case 'tool_result': {
        const call = callFor(event.id, event.name, event.look, t);
        attribute(call);
        call.status = event.status;
        call.output = event.output;
        call.durationMs = event.durationMs;
        calls.delete(event.id);
        break;
      }
      case 'todos_updated':
        finalTodos = event.todos;
        inProgress = updateHistory(history, event.todos, t);
        break;
      case 'tasks_updated':
        finalTasks = { listId: event.listId, tasks: event.tasks };
        activeTasks = updateTaskHistory(taskHistory, event, t);
        break;
      case 'reminder_injected':
        current(t).steps.push({ kind: 'note', text: 'Reminder sent: update your todos', t });
        break;
      case 'context_compacted':
        current(t).steps.push({
          kind: 'note',
          text: compactionLine(event.tokensBefore, event.tokensAfter, event.planKept),
          t,
        });
        break;
      case 'permission_decided': {
        const text = permissionText(event);
        if (text === undefined) break;
        const call = calls.get(event.callId);
        if (call) call.permission = text;
        else current(t).steps.push({ kind: 'note', text: `Permission ${text}`, t });
        break;
      }
      case 'error':
        current(t).steps.push({ kind: 'error', text: event.message, t });
        break;
      case 'subagent_event':
        // A child's tokens are the session's (the status line counts them too).
        if (event.event.type === 'usage') {
          usage.inputTokens += event.event.usage.inputTokens;
          usage.outputTokens += event.event.usage.outputTokens;
        }
        noteChildCall(calls.get(event.parentCallId), childCalls, event.agentId, event.event, t);
        break;
      case 'turn_end':
        current(t).end = { reason: event.reason, rounds: event.rounds, t };
        usage.inputTokens += event.usage.inputTokens;
        usage.outputTokens += event.usage.outputTokens;
        break;
      default:
        break;
    }
  }
  return {
    header: parsed.header,
    prompts,
    todos: [...history.values()],
    finalTodos,
    tasks: [...taskHistory.values()],
    ...(finalTasks ? { finalTasks } : {}),
    toolCalls,
    usage,
    lastActivity,
  };
}

/** A call seen for the first time, before its result. */
function newCall(id: string, name: string, t: number, duringTodos: string[]): ReportToolCall {
  return { id, name, summary: '', status: 'unfinished', output: '', durationMs: 0, t, duringTodos };
}

/** A subagent's call, under the agent call that started the child. */
function noteChildCall(
  parent: ReportToolCall | undefined,
  open: Map<string, ReportToolCall>,
  agentId: string,
  event: AgentEvent,
  t: number,
): void {
  if (!parent) return;
  if (event.type === 'permission_decided') {
    const call = open.get(`${agentId}:${event.callId}`);
    const text = permissionText(event);
    if (call && text !== undefined) call.permission = text;
    return;
  }
  if (event.type !== 'tool_call_ready' && event.type !== 'tool_result') return;
  const key = `${agentId}:${event.id}`;
  let call = open.get(key);
  if (!call) {
    call = newCall(event.id, event.name, t, []);
    open.set(key, call);
    (parent.childCalls ??= []).push(call);
  }
  if (event.type === 'tool_call_ready') {
    call.summary = event.summary;
    return;
  }
  call.status = event.status;
  call.output = event.output;
  call.durationMs = event.durationMs;
  open.delete(key);
}

/**
 * `allowed by user`, `denied by rule bash(rm:*): use the trash`, `allowed by mode, run in the
 * sandbox`; undefined when not worth a line (an open question, an allow by rule or mode run
 * outside the sandbox).
 */
function permissionText(
  event: Extract<AgentEvent, { type: 'permission_decided' }>,
): string | undefined {
  if (event.decision === 'ask') return undefined;
  const allowed = event.decision === 'allow';
  if (allowed && event.by !== 'user' && event.by !== 'hook' && !event.confined) return undefined;
  const how = `${allowed ? 'allowed' : 'denied'} by ${event.by}${event.note ? `: ${event.note}` : ''}`;
  return allowed && event.confined ? `${how}, run in the sandbox` : how;
}

/** Applies one new list to the history; returns the items now in progress. */
function updateHistory(history: Map<string, TodoHistoryItem>, todos: Todo[], t: number): string[] {
  const present = new Set(todos.map((todo) => todo.content));
  for (const item of history.values()) {
    if (!present.has(item.content)) item.status = 'removed';
  }
  for (const todo of todos) {
    let item = history.get(todo.content);
    if (!item) {
      item = { content: todo.content, status: todo.status, toolCalls: [] };
      history.set(todo.content, item);
    }
    if (todo.status === 'in_progress') {
      item.startedAt ??= t;
      item.finishedAt = undefined;
    } else if (todo.status === 'completed') {
      if (item.status !== 'completed') item.finishedAt = t;
    } else {
      item.finishedAt = undefined;
    }
    item.status = todo.status;
  }
  return todos.filter((todo) => todo.status === 'in_progress').map((todo) => todo.content);
}

/** `1 model request`, `3 model requests`. */
export function modelRequests(count: number): string {
  return `${count} model request${count === 1 ? '' : 's'}`;
}

/** The plan's progress for the report's header: `Todos: 1/3 completed` or `Tasks: ...`. */
export function planSummary(report: SessionReport): string {
  const plan = report.finalTasks?.tasks ?? report.finalTodos;
  const done = plan.filter((item) => item.status === 'completed').length;
  return `${report.finalTasks ? 'Tasks' : 'Todos'}: ${done}/${plan.length} completed`;
}

/** The task history by list, in the order the lists were first seen. */
export function tasksByList(report: SessionReport): Map<string, TaskHistoryItem[]> {
  const lists = new Map<string, TaskHistoryItem[]>();
  for (const item of report.tasks)
    lists.set(item.listId, [...(lists.get(item.listId) ?? []), item]);
  return lists;
}

/** A tool output cut to what a reader can take in, saying how much was left out. */
export function clampOutput(text: string, maxLines = 20, maxChars = 2000): string {
  const all = text.replace(/\n+$/, '');
  let out = all.split('\n').slice(0, maxLines).join('\n');
  if (out.length > maxChars) out = out.slice(0, maxChars);
  if (out.length === all.length) return out;
  const rest = all.slice(out.length);
  const lines = rest.split('\n').length - 1;
  return `${out}\n… (${lines ? `${lines} more lines` : `${rest.length} more characters`})`;
}
