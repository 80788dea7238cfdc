import type { ApprovalDecision, ApprovalRequest, Approve } from '../protocol/approval';
import type { AppStore } from '../store/store';
import type { PendingApproval } from '../store/types';

interface Waiting {
  request: ApprovalRequest;
  resolve: (decision: ApprovalDecision) => void;
}

/**
 * How long a question's keys wait before they answer. A question can open while the user
 * types a message to queue, and a letter of a word (`a` of "may", `e` of "the") is also a
 * choice key; a keystroke must never answer a question the user has not seen.
 */
export interface ApprovalGuard {
  /** After the question opens. */
  openMs: number;
  /** After the user's last keystroke (typed before the question opened, or while it is open). */
  typingPauseMs: number;
}

export const APPROVAL_GUARD: ApprovalGuard = {
  // Seeing a prompt that just appeared and deciding takes a person well over half a second
  // (a visual reaction alone is about 250 ms, reading the command more); a key that lands
  // sooner was on its way before the prompt could be read.
  openMs: 500,
  // Typists leave 100 to 300 ms between the keys of a word and rarely a whole second
  // inside a sentence; a second of quiet means the user has stopped typing and is looking
  // at the question. Until then every key is typing: it goes to the draft.
  typingPauseMs: 1000,
};

export interface ApprovalHooks {
  /** Runs before a question is shown (the driver flushes pending events). */
  beforeAsk(): void;
}

export interface ApprovalQueueOptions {
  now: () => number;
  guard?: ApprovalGuard;
}

const INTERRUPTED: ApprovalDecision = { decision: 'deny', note: 'interrupted by the user' };

/**
 * The gate's questions: `approve` puts a request into the store and resolves when the user
 * answers it (or the turn is interrupted). A turn's calls are asked together, so several
 * can wait at once: the prompt lists them and asks the one in focus. The question in focus
 * is `guarded` (its keys do not answer) until it has been shown for a moment and the user
 * has paused typing; the keypress layer sends guarded keys to the input's draft.
 */
export class ApprovalQueue {
  private waiting: Waiting[] = [];
  /** The call whose question is asked in full (↑/↓ move it), and where it stands. */
  private focused: Waiting | undefined;
  private focusIndex = 0;
  private readonly now: () => number;
  private readonly guard: ApprovalGuard;
  /** When the question in focus opened (↑/↓ inside the list keep this moment). */
  private shownAt = 0;
  /** When the user last typed (into the input, with or without a question). */
  private typedAt = -Infinity;
  private guardTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: AppStore,
    private readonly hooks: ApprovalHooks,
    options: ApprovalQueueOptions,
  ) {
    this.now = options.now;
    this.guard = options.guard ?? APPROVAL_GUARD;
  }

  readonly approve: Approve = (request, signal) =>
    new Promise<ApprovalDecision>((resolve) => {
      if (signal.aborted) return resolve(INTERRUPTED);
      this.hooks.beforeAsk();
      const entry: Waiting = {
        request,
        resolve: (decision) => {
          signal.removeEventListener('abort', onAbort);
          resolve(decision);
        },
      };
      const onAbort = () => this.settle(entry, INTERRUPTED);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      this.show();
    });

  /**
   * The questions waiting, as one prompt: a list when there are several, the one in focus
   * asked in full. Focus stays on its call while others come and go; when it is answered,
   * it moves to the call that took its place in the list, and that question opens guarded.
   * `moved` (↑/↓) changes the call in focus without opening a new question: the prompt
   * was already on screen, so the guard goes on from where it was.
   */
  private show(moved = false): void {
    const previous = this.focused ? this.waiting.indexOf(this.focused) : -1;
    const kept = previous !== -1;
    if (!kept) {
      const at = Math.min(this.focusIndex, this.waiting.length - 1);
      this.focused = at >= 0 ? this.waiting[at] : undefined;
    }
    const focused = this.focused;
    if (focused) this.focusIndex = this.waiting.indexOf(focused);
    const current = this.store.getState().pendingApproval;
    const same = kept && current?.request === focused?.request;
    if (focused && !same && !moved) this.shownAt = this.now();
    const waiting = this.waiting.map((entry) => entry.request);
    const pending: PendingApproval | null = !focused
      ? null
      : same && current
        ? { ...current, waiting }
        : {
            request: focused.request,
            waiting,
            noteMode: false,
            note: '',
            previewTop: 0,
            guarded: moved && current ? current.guarded : true,
          };
    this.store.setState({ pendingApproval: pending, scrollTop: null });
    this.updateGuard();
  }

  /**
   * The user typed a key into the input (the keypress layer calls this for every key that
   * edits or sends the draft). While a question is open, its keys wait for a pause again.
   */
  typed(): void {
    this.typedAt = this.now();
    if (this.store.getState().pendingApproval) this.updateGuard();
  }

  /** Guarded until both moments have passed; re-checked when the later one comes. */
  private updateGuard(): void {
    if (this.guardTimer) clearTimeout(this.guardTimer);
    this.guardTimer = undefined;
    const pending = this.store.getState().pendingApproval;
    if (!pending) return;
    const until = Math.max(
      this.shownAt + this.guard.openMs,
      this.typedAt + this.guard.typingPauseMs,
    );
    const wait = until - this.now();
    const guarded = wait > 0;
    if (pending.guarded !== guarded)
      this.store.setState({ pendingApproval: { ...pending, guarded } });
    if (guarded) {
      this.guardTimer = setTimeout(() => this.updateGuard(), wait);
      this.guardTimer.unref?.();
    }
  }

  private settle(entry: Waiting, decision: ApprovalDecision): void {
    const index = this.waiting.indexOf(entry);
    if (index === -1) return;
    this.waiting.splice(index, 1);
    entry.resolve(decision);
    this.show();
  }

  /** The user's answer to the question in focus. */
  answer(decision: ApprovalDecision): void {
    if (this.focused) this.settle(this.focused, decision);
  }

  /** ↑/↓: put another waiting call in focus (its question, preview and keys). */
  moveFocus(delta: number): void {
    if (this.waiting.length < 2) return;
    const count = this.waiting.length;
    this.focusIndex = (this.focusIndex + delta + count) % count;
    this.focused = this.waiting[this.focusIndex];
    this.show(true);
  }

  /** `A`: allow every waiting call once. */
  allowAll(): void {
    for (const entry of [...this.waiting]) this.settle(entry, { decision: 'allow_once' });
  }

  /** `e`: type a note that goes to the model with the denial. */
  setNoteMode(noteMode: boolean): void {
    this.store.setState((state) =>
      state.pendingApproval
        ? { pendingApproval: { ...state.pendingApproval, noteMode, note: '' } }
        : {},
    );
  }

  setNote(note: string): void {
    this.store.setState((state) =>
      state.pendingApproval ? { pendingApproval: { ...state.pendingApproval, note } } : {},
    );
  }

  denyAll(note: string): void {
    for (const entry of [...this.waiting]) this.settle(entry, { decision: 'deny', note });
    if (this.guardTimer) clearTimeout(this.guardTimer);
  }
}
