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
 * The gate's questions, one at a time: `approve` puts a request into the store and
 * resolves when the user answers (or the turn is interrupted).
 */
export class ApprovalQueue {
  private waiting: Waiting[] = [];

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

  private show(): void {
    const first = this.waiting[0];
    this.store.setState({
      pendingApproval: first
        ? { request: first.request, noteMode: false, note: '', previewTop: 0 }
        : null,
      scrollTop: null,
    });
  }

  private settle(entry: Waiting, decision: ApprovalDecision): void {
    const index = this.waiting.indexOf(entry);
    if (index === -1) return;
    this.waiting.splice(index, 1);
    entry.resolve(decision);
    this.show();
  }

  /** The user's answer to the question on screen. */
  answer(decision: ApprovalDecision): void {
    const first = this.waiting[0];
    if (first) this.settle(first, decision);
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
