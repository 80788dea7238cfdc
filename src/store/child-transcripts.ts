import type { AgentEvent } from '../protocol/events';
import type { AppState, ChildTranscript } from './types';

/** The session keeps the transcripts of this many subagents (the oldest finished go first). */
export const MAX_CHILDREN = 20;
/** A child's transcript keeps this many finished items (the oldest go first). */
export const MAX_CHILD_ITEMS = 400;

type SubagentEvent = Extract<
  AgentEvent,
  { type: 'subagent_started' | 'subagent_event' | 'subagent_finished' }
>;

/** Applies one event to a state (the main reducer, injected: it imports this file's caller). */
export type Reduce = (state: AppState, event: AgentEvent) => AppState;

/**
 * The child's transcript as a session state: the main state with the child's transcript,
 * plan and clock in place of the main ones. The main reducer reduces it (a child's text and
 * cards look as the main agent's do) and the main transcript's layout lays it out.
 */
export function childSession(child: ChildTranscript, base: AppState): AppState {
  return {
    ...base,
    items: child.items,
    nextId: child.nextId,
    live: child.live,
    todos: child.todos,
    todoStartedAt: child.todoStartedAt,
    status: child.finished ? 'idle' : 'busy',
    retry: null,
  };
}

function started(event: Extract<SubagentEvent, { type: 'subagent_started' }>, now: number) {
  const child: ChildTranscript = {
    agentId: event.agentId,
    parentCallId: event.parentCallId,
    description: event.description,
    agentType: event.agentType ?? 'general-purpose',
    startedAt: now,
    items: [],
    nextId: 0,
    // As the reducer's EMPTY_LIVE (not imported: the reducer imports this file, through subagents.ts).
    live: { text: '', continued: false, reasoning: '', streamed: false, tools: [] },
    todos: [],
    todoStartedAt: {},
    toolCalls: 0,
    stopping: false,
  };
  return child;
}

/** One more child; past the cap the oldest finished one (else the oldest) is forgotten. */
function added(children: ChildTranscript[], child: ChildTranscript): ChildTranscript[] {
  const all = [...children, child];
  if (all.length <= MAX_CHILDREN) return all;
  const oldestDone = all.findIndex((c) => c.finished !== undefined);
  return all.filter((_, i) => i !== (oldestDone >= 0 ? oldestDone : 0));
}

/** The child's own event in its transcript: reduced as the main agent's would be. */
function reducedInChild(
  child: ChildTranscript,
  event: AgentEvent,
  base: AppState,
  reduce: Reduce,
): ChildTranscript {
  const next = reduce(childSession(child, base), event);
  const cut = Math.max(0, next.items.length - MAX_CHILD_ITEMS);
  return {
    ...child,
    items: cut ? next.items.slice(cut) : next.items,
    nextId: next.nextId,
    live: next.live,
    todos: next.todos,
    todoStartedAt: next.todoStartedAt,
    toolCalls: child.toolCalls + (event.type === 'tool_result' ? 1 : 0),
  };
}

/** What a child stopped by the user says last (in place of its loop's "Interrupted."). */
export const STOPPED_BY_USER_TEXT = 'Stopped by you (Ctrl+C); its parent was told and goes on.';

/**
 * The end of a child: a failure is said last in its transcript; a stop by the user once, in
 * words of its own (not the loop's "Interrupted." then the parent's error).
 */
function finished(
  child: ChildTranscript,
  event: Extract<SubagentEvent, { type: 'subagent_finished' }>,
  base: AppState,
  reduce: Reduce,
): ChildTranscript {
  // Recorded on the event, so a resumed session knows it too.
  const stopped = child.stopping || event.stoppedByUser === true;
  const ended = {
    ...child,
    stopping: false,
    finished: { ok: event.ok, durationMs: event.durationMs, stopped },
  };
  if (event.ok) return ended;
  if (stopped) return withStopNote(ended);
  return reducedInChild(
    ended,
    { type: 'error', message: event.result.replace(/^Error: /, ''), fatal: false },
    base,
    reduce,
  );
}

/** The children's transcripts after one of their events. */
export function reduceChildTranscripts(
  state: AppState,
  event: SubagentEvent,
  now: number,
  reduce: Reduce,
): ChildTranscript[] {
  const { children } = state;
  if (event.type === 'subagent_started') return added(children, started(event, now));
  const index = children.findIndex((child) => child.agentId === event.agentId);
  if (index < 0) return children;
  const child = children[index];
  const next =
    event.type === 'subagent_event'
      ? reducedInChild(child, event.event, state, reduce)
      : finished(child, event, state, reduce);
  return children.map((c, i) => (i === index ? next : c));
}

function withStopNote(child: ChildTranscript): ChildTranscript {
  const last = child.items.at(-1);
  const interrupted = last?.kind === 'info' && last.text === 'Interrupted.';
  const items = interrupted ? child.items.slice(0, -1) : child.items;
  const note = {
    kind: 'info' as const,
    id: child.nextId,
    text: STOPPED_BY_USER_TEXT,
    tone: 'warning' as const,
  };
  return { ...child, items: [...items, note], nextId: child.nextId + 1 };
}
