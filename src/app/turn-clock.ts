import type { AppStore } from '../store/store';

/**
 * The clock of a running turn: bumps `tick` every period, which redraws what counts
 * seconds (the status line's `working 12s` or `waiting for you 12s`, running cards, the
 * in-progress todo). It goes on while a question waits: the seconds on screen must not
 * stand still (spinners do; they follow `transcriptAnimates`, not the clock).
 */
export class TurnClock {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly store: AppStore,
    private readonly periodMs: number,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      this.store.setState((state) => ({ tick: state.tick + 1 }));
    }, this.periodMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
