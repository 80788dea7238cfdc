/**
 * When the screen changes. Every frame of the app is driven from here: the loop's events
 * are applied to the store, components hear of the new state, and Ink draws, in that order,
 * in one frame. What streams (text, output, the clock, spinners) is paced; what the user
 * waits for (a key, an approval, the todo list) is drawn at once.
 */

/** Paced frames: streamed text, tool output and spinners change the screen at most this often. */
export const FRAME_MS = 40;
/** A todo_write card waits at most this long for its new list, so both change in one frame. */
export const TODO_SETTLE_MS = 50;
/** The clock of elapsed-time counters (seconds); spinners turn on their own timers. */
export const CLOCK_MS = 1000;

/**
 * paced: at the next frame slot. soon: in the next macrotask (the events of one read
 * arrive together). now: synchronously, before the caller goes on.
 */
export type Urgency = 'paced' | 'soon' | 'now';

/** The three steps of a frame, in the order they run. */
export type FrameStep = 'events' | 'state' | 'draw';
const STEP_ORDER: readonly FrameStep[] = ['events', 'state', 'draw'];

export interface FrameSchedulerOptions {
  intervalMs?: number;
  now?: () => number;
}

/**
 * One clock for frames. Steps register under a name; a request for a frame runs every
 * step once, in order, at the time its urgency asks for. A request made while a frame
 * runs is served by the steps still to run in it.
 */
export class FrameScheduler {
  readonly intervalMs: number;
  private readonly now: () => number;
  private readonly steps = new Map<FrameStep, Set<() => void>>();
  private lastFrame = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private running = false;

  constructor(options: FrameSchedulerOptions = {}) {
    this.intervalMs = options.intervalMs ?? FRAME_MS;
    this.now = options.now ?? Date.now;
  }

  /** Adds work to every frame; returns its removal. */
  onFrame(step: FrameStep, work: () => void): () => void {
    let set = this.steps.get(step);
    if (!set) this.steps.set(step, (set = new Set()));
    set.add(work);
    return () => set.delete(work);
  }

  request(urgency: Urgency): void {
    if (this.running) return;
    if (urgency === 'now') return this.run();
    if (urgency === 'soon') {
      this.immediate ??= setImmediate(() => this.run());
      return;
    }
    if (this.timer || this.immediate) return;
    const wait = this.lastFrame + this.intervalMs - this.now();
    if (wait <= 0) this.immediate = setImmediate(() => this.run());
    else this.timer = setTimeout(() => this.run(), wait);
  }

  /** Drops pending frames (the app is closing). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }

  private run(): void {
    this.cancel();
    this.running = true;
    this.lastFrame = this.now();
    try {
      for (const step of STEP_ORDER) for (const work of this.steps.get(step) ?? []) work();
    } finally {
      this.running = false;
    }
  }
}
