import type { AgentEvent } from '../protocol/events';
import { isPlanRole } from '../protocol/tool-look';
import { TODO_SETTLE_MS, type FrameScheduler, type Urgency } from './frame-scheduler';
import { reduceEvents } from '../store/reducer';
import type { AppStore } from '../store/store';

/** How soon each event must reach the screen; what is not listed streams (paced). */
const URGENCY: Partial<Record<AgentEvent['type'], Urgency>> = {
  user_prompt: 'soon',
  tool_call_ready: 'soon',
  tool_running: 'soon',
  tool_result: 'soon',
  permission_asked: 'soon',
  permission_decided: 'soon',
  error: 'soon',
  turn_end: 'soon',
  // The panel's new list goes out with its card before the loop builds its next request
  // (which would hold a later frame back by milliseconds).
  todos_updated: 'now',
  tasks_updated: 'now',
  subagent_started: 'soon',
  subagent_finished: 'soon',
};

/** A subagent's event is as urgent as the same event of the main agent. */
const urgencyOf = (event: AgentEvent): Urgency =>
  (event.type === 'subagent_event' ? URGENCY[event.event.type] : URGENCY[event.type]) ?? 'paced';

/** A successful plan-tool result (todo_write, a task tool): its list follows in a later event. */
function awaitsPlan(event: AgentEvent | undefined): boolean {
  if (event?.type !== 'tool_result' || event.status !== 'ok') return false;
  return isPlanRole(event.look.role);
}

const isPlanList = (event: AgentEvent): boolean =>
  event.type === 'todos_updated' || event.type === 'tasks_updated';

export interface BatcherOptions {
  now?: () => number;
}

/**
 * Collects the loop's events and applies them to the store once per frame (the frame
 * scheduler's `events` step), so a fast stream costs one store update per frame instead
 * of one per token.
 */
export class EventBatcher {
  private buffer: AgentEvent[] = [];
  private readonly now: () => number;
  private readonly removeStep: () => void;
  /** A plan tool's result is buffered and its new list has not come yet. */
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: AppStore,
    private readonly frames: FrameScheduler,
    options: BatcherOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.removeStep = frames.onFrame('events', () => this.flushSettled());
  }

  push(event: AgentEvent): void {
    this.buffer.push(event);
    if (isPlanList(event)) this.clearSettle();
    if (this.settleTimer) return;
    this.frames.request(urgencyOf(event));
  }

  /**
   * The frame's events step: everything buffered, except that a plan tool's result waits
   * for its todos_updated or tasks_updated (which the loop yields after the call's hooks, maybe a macrotask
   * later) so the card and the panel change in the same frame; it goes anyway after
   * TODO_SETTLE_MS.
   */
  private flushSettled(): void {
    if (this.settleTimer) return;
    if (awaitsPlan(this.buffer[this.buffer.length - 1])) {
      this.settleTimer = setTimeout(() => {
        this.flush();
        this.frames.request('soon');
      }, TODO_SETTLE_MS);
      return;
    }
    this.apply();
  }

  private clearSettle(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
  }

  /** Applies everything buffered now (before an approval is shown, at the end of a turn). */
  flush(): void {
    this.clearSettle();
    this.apply();
  }

  private apply(): void {
    if (!this.buffer.length) return;
    const events = this.buffer;
    this.buffer = [];
    this.store.setState((state) => reduceEvents(state, events, this.now()));
  }

  dispose(): void {
    this.clearSettle();
    this.removeStep();
    this.buffer = [];
  }
}
