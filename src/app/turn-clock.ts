import { workGoesOn } from '../store/subagents';
import type { AppStore } from '../store/store';

/**
 * The clock of a running turn: bumps `tick` every period, which redraws what counts
 * seconds (the status line, running cards, the in-progress todo). Nothing moves while the
 * user reads a question, unless a subagent works on meanwhile.
 */
export class TurnClock {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly store: AppStore,
    private readonly periodMs: number,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      const state = this.store.getState();
      if (!workGoesOn(state)) return;
      this.store.setState({ tick: state.tick + 1 });
    }, this.periodMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
