import type { AgentEvent, TurnEndReason } from '../protocol/events';
import type { AppStore } from '../store/store';
import type { EventBatcher } from './batcher';
import { TurnClock } from './turn-clock';

/** One turn's events: a prompt's, a compaction's. Undefined when there is nothing to run. */
export type TurnEvents = (signal: AbortSignal) => AsyncGenerator<AgentEvent> | undefined;

export interface TurnRunnerOptions {
  now: () => number;
  /** Period of the clock of elapsed-time counters. */
  clockMs: number;
  /** Called when a model request goes out (the app trims its heap while it waits). */
  onRequestStart?: () => void;
  /** A turn ended and the app is idle again (the input queue sends what waits). */
  onIdle: () => void;
}

/**
 * Runs one turn at a time into the store: the session is busy while it runs, its events go
 * to the batcher, its clock counts the seconds, and Esc aborts it. A turn that ends without
 * its own turn_end (a crash, an abort before the loop answered) gets one, so the app never
 * stays busy.
 */
export class TurnRunner {
  private abort: AbortController | undefined;
  private running: Promise<void> | undefined;
  private readonly clock: TurnClock;
  /** How the last turn ended. */
  private lastEnd: TurnEndReason | undefined;

  constructor(
    private readonly store: AppStore,
    private readonly batcher: EventBatcher,
    private readonly options: TurnRunnerOptions,
  ) {
    this.clock = new TurnClock(store, options.clockMs);
  }

  get busy(): boolean {
    return this.store.getState().status === 'busy';
  }

  start(events: TurnEvents): void {
    const abort = new AbortController();
    this.abort = abort;
    this.store.setState({
      status: 'busy',
      turnStartedAt: this.options.now(),
      scrollTop: null,
      notice: null,
    });
    this.clock.start();
    this.running = this.run(events, abort);
  }

  private async run(events: TurnEvents, abort: AbortController): Promise<void> {
    let ended = false;
    try {
      for await (const event of events(abort.signal) ?? []) {
        this.batcher.push(event);
        if (event.type === 'request_start') this.options.onRequestStart?.();
        if (event.type === 'turn_end') {
          ended = true;
          this.lastEnd = event.reason;
        }
      }
    } catch (error) {
      this.batcher.push({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
        fatal: true,
      });
    }
    if (!ended) {
      this.batcher.push(syntheticEnd(abort.signal.aborted));
      this.lastEnd = abort.signal.aborted ? 'aborted' : 'error';
    }
    this.batcher.flush();
    this.abort = undefined;
    this.clock.stop();
    this.store.setState({ status: 'idle', turnStartedAt: null });
    this.options.onIdle();
  }

  /** Stops the running turn; false when none runs. */
  interrupt(): boolean {
    if (!this.abort) return false;
    this.abort.abort();
    return true;
  }

  /** Resolves once no turn runs (the turns queued behind the running one included). */
  async idle(): Promise<void> {
    while (this.busy && this.running) await this.running;
  }

  /** How the turn started last ended, once it has; undefined when none started. */
  async ended(): Promise<TurnEndReason | undefined> {
    if (!this.running || !this.busy) return undefined;
    await this.running;
    return this.lastEnd;
  }

  /** The app is closing: the running turn is aborted and given `graceMs` to wind down. */
  async stop(graceMs: number): Promise<void> {
    this.abort?.abort();
    if (this.running) await Promise.race([this.running, delay(graceMs)]);
    this.clock.stop();
  }
}

function syntheticEnd(aborted: boolean): AgentEvent {
  return {
    type: 'turn_end',
    reason: aborted ? 'aborted' : 'error',
    result: '',
    rounds: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
