import type { AppState } from '../store/types';
import type { AppStore } from '../store/store';

/** What tick waits for the user about. */
export type WaitKind = 'approval' | 'idle';

/** A call for the user's attention: the terminal rings and shows it (src/cli/terminal-alerts.ts). */
export interface Alert {
  kind: WaitKind;
  /** One line for a desktop notification. */
  message: string;
}

export interface AttentionOptions {
  now: () => number;
  /** Ring the terminal (bell, desktop notification). */
  alert: (alert: Alert) => void;
  /** Quiet time (no key typed) before a wait rings while the terminal has focus. */
  quietMs?: number;
}

/** "A few seconds": long enough not to ring at someone who is looking, short enough to help. */
export const ATTENTION_QUIET_MS = 5000;

/** What the user is waited on for now, with a key that changes when a new wait starts. */
export function currentWait(
  state: Pick<AppState, 'pendingApproval' | 'status'>,
  turnFinished: boolean,
): { kind: WaitKind; key: string; message: string } | undefined {
  const approval = state.pendingApproval;
  if (approval) {
    const count = approval.waiting?.length ?? 1;
    const { toolName, subject } = approval.request;
    const what = count > 1 ? `${count} calls` : `${toolName}: ${oneLine(subject)}`;
    return {
      kind: 'approval',
      key: approval.request.callId,
      message: `tick needs your approval (${what})`,
    };
  }
  if (state.status === 'idle' && turnFinished)
    return { kind: 'idle', key: 'idle', message: 'tick finished and is waiting for you' };
  return undefined;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * Calls the user back when tick waits for them: an approval, or the prompt after a finished
 * turn. It rings once per wait, at once when the terminal has lost focus, else once nothing
 * has been typed for `quietMs`. Typing or focus coming back before then means the user is
 * there: no ring. (The `idle_prompt` Notification hook is the session's: session-hooks.ts.)
 */
export class AttentionWatcher {
  private readonly quietMs: number;
  private wait: { kind: WaitKind; key: string; message: string; since: number } | undefined;
  private alerted = false;
  /** Unknown (undefined) until the terminal reports focus; then as it says. */
  private focused: boolean | undefined;
  private typedAt = -Infinity;
  private turnFinished = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    store: AppStore,
    private readonly options: AttentionOptions,
  ) {
    this.quietMs = options.quietMs ?? ATTENTION_QUIET_MS;
    this.unsubscribe = store.subscribe((state, previous) => {
      if (previous.status === 'busy' && state.status === 'idle') this.turnFinished = true;
      if (state.status === 'busy') this.turnFinished = false;
      this.update(state);
    });
  }

  /** A key typed: the user is at the keyboard. */
  typed(): void {
    this.typedAt = this.options.now();
    this.schedule();
  }

  /** The terminal's focus report (CSI I / CSI O). */
  focus(focused: boolean): void {
    this.focused = focused;
    if (!focused) this.ringIfWaiting();
  }

  dispose(): void {
    this.unsubscribe();
    this.clearTimers();
  }

  private update(state: AppState): void {
    const wait = currentWait(state, this.turnFinished);
    if (wait?.key === this.wait?.key && wait?.kind === this.wait?.kind) return;
    this.clearTimers();
    this.wait = wait && { ...wait, since: this.options.now() };
    this.alerted = false;
    if (!this.wait) return;
    if (this.focused === false) this.ringIfWaiting();
    this.schedule();
  }

  /** (Re)sets the timers from the later of the wait's start and the last key typed. */
  private schedule(): void {
    const wait = this.wait;
    if (!wait) return;
    this.clearTimers();
    const from = Math.max(wait.since, this.typedAt);
    const now = this.options.now();
    if (!this.alerted)
      this.timer = unrefd(setTimeout(() => this.ringIfWaiting(), from + this.quietMs - now));
  }

  private ringIfWaiting(): void {
    if (!this.wait || this.alerted) return;
    this.alerted = true;
    this.options.alert({ kind: this.wait.kind, message: this.wait.message });
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function unrefd(timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> {
  timer.unref?.();
  return timer;
}
