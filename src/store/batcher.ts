import type { AgentEvent } from '../agent/events';
import { reduceEvents } from './reducer';
import type { AppStore } from './store';

/** Events that should reach the screen at the next tick rather than with the next batch. */
const PROMPT_EVENTS = new Set<AgentEvent['type']>([
  'user_prompt',
  'tool_call_ready',
  'tool_result',
  'todos_updated',
  'permission_asked',
  'permission_decided',
  'error',
  'turn_end',
]);

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
  private waits = 0;

  constructor(
    private readonly store: AppStore,
    options: BatcherOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 30;
    this.now = options.now ?? Date.now;
  }

  push(event: AgentEvent): void {
    this.buffer.push(event);
    if (PROMPT_EVENTS.has(event.type)) {
      this.immediate ??= setImmediate(() => this.flushSoon());
    } else {
      this.timer ??= setTimeout(() => this.flushSoon(), this.intervalMs);
    }
  }

  /**
   * Flushes, except that a todo_write result waits (briefly) for its todos_updated so
   * the card and the panel change in the same frame.
   */
  private flushSoon(): void {
    const last = this.buffer[this.buffer.length - 1];
    if (
      last?.type === 'tool_result' &&
      last.name === 'todo_write' &&
      last.status === 'ok' &&
      this.waits < 5
    ) {
      this.waits += 1;
      this.clearTimers();
      this.timer = setTimeout(() => this.flushSoon(), 10);
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
    this.waits = 0;
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
