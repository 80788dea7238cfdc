import type { AgentEvent } from '../protocol/events';
import { GENERIC_LOOK } from '../protocol/tool-look';
import { assertNever } from '../util/assert-never';
import { rewindReportLines, unsavedText } from '../checkpoints/report-text';
import { safeSplitPoints } from './safe-split';
import { reduceSubagentEvent } from './subagents';
import type { AppState, CardStatus, LiveTail, NewItem, ToolCard, TranscriptItem } from './types';

/**
 * A card keeps at most this much output. This bounds the live output of a running command
 * (Ctrl+O shows all of it). A finished card's output is the tool's result, which the tool
 * already cut to 50,000 characters for the model: the very string the conversation history
 * keeps, so it costs no memory of its own (a shorter copy would cost more, and change Ctrl+O).
 */
const MAX_OUTPUT_CHARS = 200_000;

export const EMPTY_LIVE: LiveTail = {
  text: '',
  continued: false,
  reasoning: '',
  streamed: false,
  tools: [],
};

export function isFinished(status: CardStatus): boolean {
  return status === 'ok' || status === 'error' || status === 'denied' || status === 'cancelled';
}

/** Appends a finished item to the transcript. */
export function commit(state: AppState, item: NewItem): AppState {
  return {
    ...state,
    items: [...state.items, { ...item, id: state.nextId } as AppState['items'][number]],
    nextId: state.nextId + 1,
  };
}

function capOutput(text: string): string {
  if (text.length <= MAX_OUTPUT_CHARS) return text;
  const cut = text.slice(text.length - MAX_OUTPUT_CHARS);
  return cut.slice(cut.indexOf('\n') + 1);
}

function commitReasoning(state: AppState, fallback = ''): AppState {
  const text = state.live.reasoning || fallback;
  const next = { ...state, live: { ...state.live, reasoning: '' } };
  return text.trim() ? commit(next, { kind: 'reasoning', text }) : next;
}

/** Moves the streamed answer (or the one given whole) into the transcript. */
function commitText(state: AppState, whole?: string): AppState {
  const text = state.live.streamed || whole === undefined ? state.live.text : whole;
  const next = { ...state, live: { ...state.live, text: '', continued: false } };
  return text.trim()
    ? commit(next, { kind: 'assistant', text, continued: state.live.continued })
    : next;
}

function discardPartialAttempt(state: AppState): AppState {
  const tools = state.live.tools.filter((card) => card.status !== 'pending');
  return { ...state, live: { ...state.live, text: '', reasoning: '', continued: false, tools } };
}

/** Commits the leading run of finished cards, keeping start order on screen. */
function commitFinishedCards(state: AppState): AppState {
  let next = state;
  const tools = [...state.live.tools];
  while (tools.length && isFinished(tools[0].status)) {
    const card = tools.shift() as ToolCard;
    const previous = next.items[next.items.length - 1];
    next = commit(next, { kind: 'tool', card, gap: previous?.kind !== 'tool' });
  }
  return { ...next, live: { ...next.live, tools } };
}

function updateCard(
  state: AppState,
  id: string,
  name: string,
  change: (card: ToolCard) => ToolCard,
): AppState {
  const tools = state.live.tools;
  const index = tools.findIndex((card) => card.id === id);
  const base: ToolCard =
    index >= 0
      ? tools[index]
      : { id, name, look: GENERIC_LOOK, summary: '', status: 'pending', output: '' };
  const card = change(base);
  const nextTools = index >= 0 ? tools.map((c, i) => (i === index ? card : c)) : [...tools, card];
  return { ...state, live: { ...state.live, tools: nextTools } };
}

/** When each in-progress item (by key) started: kept from before, or now for a newly started one. */
function startTimes<T extends { status: string }>(
  previous: Record<string, number>,
  items: readonly T[],
  keyOf: (item: T) => string,
  now: number,
): Record<string, number> {
  const starts: Record<string, number> = {};
  for (const item of items) {
    if (item.status === 'in_progress') starts[keyOf(item)] = previous[keyOf(item)] ?? now;
  }
  return starts;
}

/**
 * Text of the streaming answer, cutting the finished head into the transcript: one item
 * per finished block, so a big batch of text still lands as paragraph-sized items that
 * the transcript lays out only when they are on screen.
 */
function appendText(state: AppState, delta: string): AppState {
  const next = state.live.reasoning ? commitReasoning(state) : state;
  const text = next.live.text + delta;
  // Only a new line can make a new cut point; most deltas skip the scan.
  const points = delta.includes('\n') ? safeSplitPoints(text) : [];
  const added: AppState['items'] = [];
  let nextId = next.nextId;
  let continued = next.live.continued;
  let start = 0;
  for (const point of points) {
    const chunk = text.slice(start, point);
    // A blank head stays with the next block, as it streamed.
    if (!chunk.trim()) continue;
    added.push({ kind: 'assistant', id: nextId++, text: chunk, continued });
    continued = true;
    start = point;
  }
  if (start === 0) return { ...next, live: { ...next.live, text, streamed: true } };
  return {
    ...next,
    items: [...next.items, ...added],
    nextId,
    live: { ...next.live, text: text.slice(start), continued: true, streamed: true },
  };
}

function endTurn(state: AppState, event: Extract<AgentEvent, { type: 'turn_end' }>): AppState {
  let next = commitText(commitReasoning(state));
  const unfinished: CardStatus = event.reason === 'aborted' ? 'cancelled' : 'error';
  const tools = next.live.tools.map((card) =>
    isFinished(card.status) ? card : { ...card, status: unfinished },
  );
  next = commitFinishedCards({ ...next, live: { ...next.live, tools } });
  next = { ...next, live: EMPTY_LIVE };
  // Servers that send no usage chunks still report the total at the end.
  const missingIn = Math.max(0, event.usage.inputTokens - next.turnUsage.inputTokens);
  const missingOut = Math.max(0, event.usage.outputTokens - next.turnUsage.outputTokens);
  next = {
    ...next,
    usage: {
      inputTokens: next.usage.inputTokens + missingIn,
      outputTokens: next.usage.outputTokens + missingOut,
    },
    turnUsage: { inputTokens: 0, outputTokens: 0 },
  };
  switch (event.reason) {
    case 'aborted':
      return commit(next, { kind: 'info', text: 'Interrupted.', tone: 'warning' });
    case 'max_turns':
      return commit(next, {
        kind: 'info',
        text: `Stopped after ${event.rounds} model requests (max turns).`,
        tone: 'warning',
      });
    case 'done':
    case 'stopped':
    case 'error':
      return next;
    default:
      return assertNever(event.reason);
  }
}

type Banner = Extract<TranscriptItem, { kind: 'banner' }>;

/** The header shows what is current: the model after /model, the agent's once it is ready. */
export function withBanner(
  items: TranscriptItem[],
  fields: Partial<Pick<Banner, 'model' | 'cwd' | 'demo'>>,
): TranscriptItem[] {
  return items.map((item) => (item.kind === 'banner' ? { ...item, ...fields } : item));
}

/** Events that say nothing of the retry the status line shows; any other one ends it. */
const KEEPS_RETRY = new Set<AgentEvent['type']>(['retry', 'usage', 'context_usage']);

/** Applies one agent event. Pure: the time comes in as `now`. */
export function reduceEvent(state: AppState, event: AgentEvent, now: number): AppState {
  const next = applyEvent(state, event, now);
  return next.retry && !KEEPS_RETRY.has(event.type) ? { ...next, retry: null } : next;
}

function applyEvent(state: AppState, event: AgentEvent, now: number): AppState {
  switch (event.type) {
    case 'user_prompt': {
      const next = commitText(commitReasoning(state));
      return commit(next, { kind: 'user', text: event.text, source: event.source });
    }
    case 'hook_context':
      return commit(state, { kind: 'info', text: `hook context: ${event.text}`, tone: 'dim' });
    case 'request_start':
      return { ...state, live: { ...state.live, streamed: false } };
    case 'text_delta':
      return appendText(state, event.text);
    case 'reasoning_delta':
      return { ...state, live: { ...state.live, reasoning: state.live.reasoning + event.text } };
    case 'assistant_message': {
      const streamedReasoning = state.live.streamed || state.live.reasoning !== '';
      const withReasoning = commitReasoning(state, streamedReasoning ? '' : event.reasoning);
      const next = commitText(withReasoning, event.text);
      return { ...next, live: { ...next.live, streamed: false } };
    }
    case 'tool_call_started':
      return updateCard(state, event.id, event.name, (card) =>
        event.recovered ? { ...card, recovered: event.recovered } : card,
      );
    case 'tool_call_ready':
      // Every call of the round is announced at once; it waits (pending) until it runs.
      return updateCard(state, event.id, event.name, (card) => ({
        ...card,
        look: event.look,
        summary: event.summary,
        ...(event.recovered ? { recovered: event.recovered } : {}),
      }));
    case 'tool_running':
      return updateCard(state, event.id, event.name, (card) => ({
        ...card,
        status: isFinished(card.status) ? card.status : 'running',
        startedAt: card.status === 'running' ? (card.startedAt ?? now) : now,
      }));
    case 'tool_output':
      return updateCard(state, event.id, '', (card) => ({
        ...card,
        output: capOutput(card.output + event.chunk),
      }));
    case 'tool_result': {
      const next = updateCard(state, event.id, event.name, (card) => ({
        ...card,
        name: card.name || event.name,
        look: event.look,
        status: event.status,
        output: capOutput(event.output),
        display: event.display,
        durationMs: event.durationMs,
      }));
      return commitFinishedCards(next);
    }
    case 'todos_updated':
      return {
        ...state,
        todos: event.todos,
        todoStartedAt: startTimes(state.todoStartedAt, event.todos, (todo) => todo.content, now),
      };
    case 'tasks_updated':
      return {
        ...state,
        taskListId: event.listId,
        tasks: event.tasks,
        taskStartedAt: startTimes(state.taskStartedAt, event.tasks, (task) => task.id, now),
      };
    case 'reminder_injected':
      return commit(state, {
        kind: 'info',
        text: `Reminded the model to update its ${state.taskListId === null ? 'todo' : 'task'} list.`,
        tone: 'dim',
      });
    case 'permission_asked':
      return updateCard(state, event.request.callId, event.request.toolName, (card) => ({
        ...card,
        summary: card.summary || event.request.subject,
        status: 'asking',
      }));
    case 'permission_decided': {
      if (!state.live.tools.some((card) => card.id === event.callId)) return state;
      // The question itself: the approval prompt shows it (permission_asked).
      if (event.decision === 'ask') return state;
      const allowed = event.decision === 'allow';
      return updateCard(state, event.callId, '', (card) => ({
        ...card,
        decidedBy: event.by,
        note: event.note,
        ...(allowed && event.confined ? { confined: true } : {}),
        status: allowed && !isFinished(card.status) ? 'running' : card.status,
        startedAt: allowed && card.status === 'asking' ? now : card.startedAt,
      }));
    }
    case 'usage':
      return {
        ...state,
        usage: {
          inputTokens: state.usage.inputTokens + event.usage.inputTokens,
          outputTokens: state.usage.outputTokens + event.usage.outputTokens,
        },
        turnUsage: {
          inputTokens: state.turnUsage.inputTokens + event.usage.inputTokens,
          outputTokens: state.turnUsage.outputTokens + event.usage.outputTokens,
        },
      };
    case 'context_usage':
      return { ...state, context: contextFill(event.tokens, event.window) };
    case 'context_compacted':
      return commit(
        { ...state, context: contextFill(event.tokensAfter, event.window) },
        {
          kind: 'compaction',
          tokensBefore: event.tokensBefore,
          tokensAfter: event.tokensAfter,
          planKept: event.planKept,
        },
      );
    case 'retry':
      // The next attempt streams the whole answer again: drop this attempt's partial tail.
      // The status line says it retries; no transcript line per attempt.
      return {
        ...discardPartialAttempt(state),
        retry: { attempt: event.attempt, until: now + event.delayMs, reason: event.reason },
      };
    case 'subagent_started':
    case 'subagent_event':
    case 'subagent_finished':
      return reduceSubagentEvent(state, event, now, updateCard, (next, shared) =>
        reduceEvent(next, shared, now),
      );
    case 'checkpoint_unsaved':
      return commit(state, {
        kind: 'info',
        text: unsavedText(event.files, event.capBytes),
        tone: 'warning',
      });
    case 'rewind_done':
      return commit(state, {
        kind: 'info',
        text: rewindReportLines(event.report).join('\n'),
        tone: event.report.failed.length ? 'warning' : 'info',
      });
    case 'plan_items_undone':
      return { ...state, undoneItems: event.keys };
    case 'error':
      return commit(state, { kind: 'info', text: `Error: ${event.message}`, tone: 'error' });
    case 'turn_end':
      return endTurn(state, event);
    default:
      return assertNever(event);
  }
}

function contextFill(tokens: number, window: number | undefined): AppState['context'] {
  return window ? { tokens, window } : { tokens };
}

type DeltaEvent = Extract<AgentEvent, { type: 'text_delta' | 'reasoning_delta' }>;

function isDelta(event: AgentEvent | undefined): event is DeltaEvent {
  return event?.type === 'text_delta' || event?.type === 'reasoning_delta';
}

/**
 * Applies a batch of events in one state change (one React commit, one frame). A run of
 * deltas of one kind is applied as one: a fast stream brings a thousand in a batch, and
 * each would copy the state and rescan the tail for nothing.
 */
export function reduceEvents(
  state: AppState,
  events: readonly AgentEvent[],
  now: number,
): AppState {
  let next = state;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (!isDelta(event) || events[i + 1]?.type !== event.type) {
      next = reduceEvent(next, event, now);
      continue;
    }
    const parts = [event.text];
    while (events[i + 1]?.type === event.type) parts.push((events[++i] as DeltaEvent).text);
    next = reduceEvent(next, { type: event.type, text: parts.join('') }, now);
  }
  return next;
}
