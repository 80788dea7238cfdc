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
 * Frames that only turn spinners come at most this often: a spinner's own step (ink-spinner's
 * dots), so several spinners that tick out of step cost one frame per step, not one each.
 */
export const ANIMATION_MS = 80;

/**
 * animation: a spinner turned, at the next animation step. paced: at the next frame slot.
 * soon: in the next macrotask (the events of one read arrive together). now:
 * synchronously, before the caller goes on.
 */
export type Urgency = 'animation' | 'paced' | 'soon' | 'now';

/** The three steps of a frame, in the order they run. */
export type FrameStep = 'events' | 'state' | 'draw';
const STEP_ORDER: readonly FrameStep[] = ['events', 'state', 'draw'];

/** What a step is told about the frame it runs in. */
export interface FrameInfo {
  /**
   * The frame falls on a paced slot: paced changes may show. Otherwise it was asked for
   * urgently, and only what the user waits for should (the rest keeps its slot).
   */
  paced: boolean;
}

export interface FrameSchedulerOptions {
  intervalMs?: number;
  now?: () => number;
}

/**
 * One clock for frames. Steps register under a name; a frame runs every step once, in
 * order. Urgent requests run a frame at once (or in the next macrotask); paced requests
 * run one at the next slot, `intervalMs` after the last paced frame. A paced request made
 * while a frame runs is kept for the next slot; an urgent one is served by the steps still
 * to run in it.
 */
export class FrameScheduler {
  readonly intervalMs: number;
  private readonly now: () => number;
  private readonly steps = new Map<FrameStep, Set<(frame: FrameInfo) => void>>();
  private lastPaced = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the pending timer fires. */
  private timerDue = Infinity;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private running = false;

  constructor(options: FrameSchedulerOptions = {}) {
    this.intervalMs = options.intervalMs ?? FRAME_MS;
    this.now = options.now ?? Date.now;
  }

  /** A frame is running now (its later steps will see what changes). */
  get inFrame(): boolean {
    return this.running;
  }

  /** A frame is asked for and has not run yet (tests wait for the screen to be still). */
  get pending(): boolean {
    return this.timer !== undefined || this.immediate !== undefined;
  }

  /** Adds work to every frame; returns its removal. */
  onFrame(step: FrameStep, work: (frame: FrameInfo) => void): () => void {
    let set = this.steps.get(step);
    if (!set) this.steps.set(step, (set = new Set()));
    set.add(work);
    return () => set.delete(work);
  }

  request(urgency: Urgency): void {
    if (urgency === 'paced') return this.schedulePaced(this.intervalMs);
    if (urgency === 'animation') return this.schedulePaced(Math.max(this.intervalMs, ANIMATION_MS));
    if (this.running) return;
    if (urgency === 'now') return this.run();
    this.immediate ??= setImmediate(() => {
      this.immediate = undefined;
      this.run();
    });
  }

  /** A frame `interval` after the last paced one, unless one is due sooner already. */
  private schedulePaced(interval: number): void {
    const due = this.lastPaced + interval;
    if (this.timer && this.timerDue <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerDue = Infinity;
        this.run();
      },
      Math.max(0, due - this.now()),
    );
  }

  /** Drops pending frames (the app is closing). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.timerDue = Infinity;
    this.immediate = undefined;
  }

  private run(): void {
    const now = this.now();
    const frame: FrameInfo = { paced: now - this.lastPaced >= this.intervalMs };
    if (frame.paced) {
      this.lastPaced = now;
      // This frame serves any paced request that was waiting.
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.timerDue = Infinity;
    }
    this.running = true;
    try {
      for (const step of STEP_ORDER) for (const work of this.steps.get(step) ?? []) work(frame);
    } finally {
      this.running = false;
    }
  }
}
