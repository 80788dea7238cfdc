import type { AgentEvent } from '../protocol/events';
import { assertNever } from '../util/assert-never';
import { reduceChildTranscripts } from './child-transcripts';
import type { AppState, ChildToolLine, ChildView, ToolCard } from './types';

/** A child's card keeps this many of its latest call lines (Ctrl+O shows them all). */
export const MAX_CHILD_TOOL_LINES = 200;

type SubagentEvent = Extract<
  AgentEvent,
  { type: 'subagent_started' | 'subagent_event' | 'subagent_finished' }
>;

/** Changes one card of the live tail (the calls of the running round). */
export type CardUpdate = (
  state: AppState,
  id: string,
  name: string,
  change: (card: ToolCard) => ToolCard,
) => AppState;

/** Changes the card's child; a card whose child has not started is left as it is. */
function withChild(card: ToolCard, change: (child: ChildView) => ChildView): ToolCard {
  return card.child ? { ...card, child: change(card.child) } : card;
}

function upsertLine(child: ChildView, line: ChildToolLine): ChildView {
  const index = child.tools.findIndex((tool) => tool.id === line.id);
  const tools =
    index >= 0
      ? child.tools.map((tool, i) =>
          i === index ? { ...tool, ...line, summary: line.summary || tool.summary } : tool,
        )
      : [...child.tools, line].slice(-MAX_CHILD_TOOL_LINES);
  return { ...child, tools };
}

function lineStatus(
  child: ChildView,
  id: string,
  status: ChildToolLine['status'],
  name = '',
): ChildView {
  const known = child.tools.find((tool) => tool.id === id);
  return upsertLine(child, {
    id,
    name: known?.name || name,
    summary: known?.summary ?? '',
    status,
  });
}

/** When each in-progress todo started: kept from before, or now for a new one. */
function todoStarts(
  child: ChildView,
  todos: ChildView['todos'],
  now: number,
): Record<string, number> {
  const starts: Record<string, number> = {};
  for (const todo of todos)
    if (todo.status === 'in_progress')
      starts[todo.content] = child.todoStartedAt[todo.content] ?? now;
  return starts;
}

/**
 * A child's own event, on its parent's card: its plan (V1), its calls and their status. The
 * shared task list (V2) and the tokens used are the session's: `applyShared` applies them.
 */
function reduceChildEvent(child: ChildView, event: AgentEvent, now: number): ChildView {
  switch (event.type) {
    case 'todos_updated':
      return { ...child, todos: event.todos, todoStartedAt: todoStarts(child, event.todos, now) };
    case 'tool_call_ready':
      return upsertLine(child, {
        id: event.id,
        name: event.name,
        summary: event.summary,
        status: 'pending',
      });
    case 'tool_running':
      return lineStatus(child, event.id, 'running', event.name);
    case 'permission_asked':
      return lineStatus(child, event.request.callId, 'asking', event.request.toolName);
    case 'tool_result':
      return {
        ...lineStatus(child, event.id, event.status, event.name),
        toolCalls: child.toolCalls + 1,
      };
    // Its text stays in its own history (the card shows its end); the shared parts are
    // applied by the caller; a child starts no children.
    case 'user_prompt':
    case 'hook_context':
    case 'request_start':
    case 'text_delta':
    case 'reasoning_delta':
    case 'assistant_message':
    case 'tool_call_started':
    case 'tool_output':
    case 'tasks_updated':
    case 'reminder_injected':
    case 'permission_decided':
    case 'usage':
    case 'context_usage':
    case 'context_compacted':
    case 'retry':
    case 'error':
    case 'turn_end':
    case 'subagent_started':
    case 'subagent_event':
    case 'checkpoint_unsaved':
    case 'rewind_done':
    case 'plan_items_undone':
    case 'subagent_finished':
      return child;
    default:
      return assertNever(event);
  }
}

/**
 * Applies a subagent event: the card of the `agent` call `parentCallId` follows its child,
 * and the child's own transcript (its full-screen view) gets the event. `reduce` is the main
 * reducer: the shared parts of a child's event go through it, and so does its transcript.
 */
export function reduceSubagentEvent(
  state: AppState,
  event: SubagentEvent,
  now: number,
  updateCard: CardUpdate,
  reduce: (state: AppState, event: AgentEvent) => AppState,
): AppState {
  const children = reduceChildTranscripts(state, event, now, reduce);
  return onCard({ ...state, children }, event, now, updateCard, reduce);
}

function onCard(
  state: AppState,
  event: SubagentEvent,
  now: number,
  updateCard: CardUpdate,
  applyShared: (state: AppState, event: AgentEvent) => AppState,
): AppState {
  switch (event.type) {
    case 'subagent_started':
      return updateCard(state, event.parentCallId, 'agent', (card) => ({
        ...card,
        summary: card.summary || event.description,
        child: {
          agentId: event.agentId,
          description: event.description,
          startedAt: now,
          todos: [],
          todoStartedAt: {},
          toolCalls: 0,
          tools: [],
        },
      }));
    case 'subagent_event': {
      const inner = event.event;
      // The task list is the session's, the tokens a child uses count for the session, and a
      // file its call may change but no checkpoint keeps is the user's concern.
      const shared =
        inner.type === 'tasks_updated' ||
        inner.type === 'usage' ||
        inner.type === 'checkpoint_unsaved';
      const next = shared ? applyShared(state, inner) : state;
      return updateCard(next, event.parentCallId, 'agent', (card) =>
        withChild(card, (child) => reduceChildEvent(child, inner, now)),
      );
    }
    case 'subagent_finished':
      return updateCard(state, event.parentCallId, 'agent', (card) =>
        withChild(card, (child) => ({
          ...child,
          finished: {
            ok: event.ok,
            result: event.result,
            turns: event.turns,
            toolCalls: event.toolCalls,
            durationMs: event.durationMs,
          },
        })),
      );
  }
}

/**
 * A subagent goes on working while the user is asked something (another child's approval):
 * its card keeps its spinner and seconds then. One waiting for the answer does not count.
 */
export function subagentsWorking(state: Pick<AppState, 'live'>): boolean {
  return state.live.tools.some(
    ({ child }) =>
      child !== undefined &&
      child.finished === undefined &&
      !child.tools.some((line) => line.status === 'asking'),
  );
}

/**
 * Whether anything on screen moves on: nothing is asked, or a subagent works meanwhile. While
 * the user reads a question otherwise, spinners and counted seconds hold still.
 */
export function workGoesOn(state: Pick<AppState, 'live' | 'pendingApproval'>): boolean {
  return state.pendingApproval === null || subagentsWorking(state);
}
