import type { ApprovalDecision, ApprovalRequest, Approve } from '../protocol/approval';
import type { AppStore } from '../store/store';

interface Waiting {
  request: ApprovalRequest;
  resolve: (decision: ApprovalDecision) => void;
}

export interface ApprovalHooks {
  /** Runs before a question is shown (the driver flushes pending events). */
  beforeAsk(): void;
}

const INTERRUPTED: ApprovalDecision = { decision: 'deny', note: 'interrupted by the user' };

/**
 * The gate's questions: `approve` puts a request into the store and resolves when the user
 * answers it (or the turn is interrupted). A turn's calls are asked together, so several
 * can wait at once: the prompt lists them and asks the one in focus.
 */
export class ApprovalQueue {
  private waiting: Waiting[] = [];
  /** The call whose question is asked in full (↑/↓ move it), and where it stands. */
  private focused: Waiting | undefined;
  private focusIndex = 0;

  constructor(
    private readonly store: AppStore,
    private readonly hooks: ApprovalHooks,
  ) {}

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
   * it moves to the call that took its place in the list.
   */
  private show(): void {
    const previous = this.focused ? this.waiting.indexOf(this.focused) : -1;
    const kept = previous !== -1;
    if (!kept) {
      const at = Math.min(this.focusIndex, this.waiting.length - 1);
      this.focused = at >= 0 ? this.waiting[at] : undefined;
    }
    const focused = this.focused;
    if (focused) this.focusIndex = this.waiting.indexOf(focused);
    this.store.setState((state) => {
      if (!focused) return { pendingApproval: null, scrollTop: null };
      const same = kept && state.pendingApproval?.request === focused.request;
      const waiting = this.waiting.map((entry) => entry.request);
      return {
        pendingApproval:
          same && state.pendingApproval
            ? { ...state.pendingApproval, waiting }
            : { request: focused.request, waiting, noteMode: false, note: '', previewTop: 0 },
        scrollTop: null,
      };
    });
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
    this.show();
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
  }
}
