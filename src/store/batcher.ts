import type { AgentEvent } from '../agent/events';
import { reduceEvents } from './reducer';
import type { AppStore } from './store';

/**
 * Events that should reach the screen at the next tick rather than with the next batch
 * (todos_updated goes out at once: see push).
 */
const PROMPT_EVENTS = new Set<AgentEvent['type']>([
  'user_prompt',
  'tool_call_ready',
  'tool_result',
  'permission_asked',
  'permission_decided',
  'error',
  'turn_end',
]);

/** How long a todo_write result waits for its todos_updated at most. */
const TODOS_WAIT_MS = 50;

export interface BatcherOptions {
  intervalMs?: number;
  now?: () => number;
}

/**
 * Collects the loop's events and applies them to the store in batches (every ~30 ms),
 * so a fast stream costs one React commit per batch instead of one per token.
 */
export class EventBatcher {
  private buffer: AgentEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private readonly intervalMs: number;
  private readonly now: () => number;
  /** A todo_write result is buffered and its todos_updated has not come yet. */
  private awaitingTodos = false;

  constructor(
    private readonly store: AppStore,
    options: BatcherOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 30;
    this.now = options.now ?? Date.now;
  }

  push(event: AgentEvent): void {
    this.buffer.push(event);
    // The panel's new list: it goes out with its card now, before the loop goes on to
    // build its next request (which would hold a later flush back by milliseconds).
    if (event.type === 'todos_updated') return this.flush();
    if (this.awaitingTodos) return;
    if (PROMPT_EVENTS.has(event.type)) {
      this.immediate ??= setImmediate(() => this.flushSoon());
    } else {
      this.timer ??= setTimeout(() => this.flushSoon(), this.intervalMs);
    }
  }

  /**
   * Flushes, except that a todo_write result waits for its todos_updated (which the loop
   * yields after the call's hooks, maybe a macrotask later) so the card and the panel
   * change in the same frame; flushed anyway if it does not come within TODOS_WAIT_MS.
   */
  private flushSoon(): void {
    const last = this.buffer[this.buffer.length - 1];
    if (last?.type === 'tool_result' && last.name === 'todo_write' && last.status === 'ok') {
      this.awaitingTodos = true;
      this.clearTimers();
      this.timer = setTimeout(() => {
        this.awaitingTodos = false;
        this.flush();
      }, TODOS_WAIT_MS);
      return;
    }
    this.flush();
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }

  /** Applies everything buffered now. */
  flush(): void {
    this.clearTimers();
    this.awaitingTodos = false;
    if (!this.buffer.length) return;
    const events = this.buffer;
    this.buffer = [];
    this.store.setState((state) => reduceEvents(state, events, this.now()));
  }

  dispose(): void {
    this.clearTimers();
    this.buffer = [];
  }
}
