/**
 * Claude Code's session-level hook events for one agent: SessionStart (at start-up, on
 * resume, after /clear; its context reaches the model with the next prompt), SessionEnd,
 * and Notification while tick waits for the user to approve a call.
 */
import type { AgentEvent } from '../protocol/events';
import type { HookRegistry } from '../hooks/registry';
import { runHooks } from '../hooks/registry';
import type {
  HookContext,
  HookEventName,
  HookInputs,
  SessionEndReason,
  SessionStartSource,
} from '../hooks/types';
import type { Approve } from '../protocol/approval';

export interface SessionHookOptions {
  sessionId: string;
  cwd: string;
  approve: Approve;
  model: () => string;
  /** Where the hooks' errors and messages go (shown before the next event). */
  report: (event: AgentEvent) => void;
}

export class SessionHooks {
  private context: string | undefined;
  private pending: Promise<unknown> = Promise.resolve();
  private started = false;
  /** Notifications still running: the end waits for them rather than cutting them off. */
  private readonly notifying = new Set<Promise<unknown>>();
  /** Session hooks outlive a turn (a notification runs while the user reads); aborted at the end. */
  private readonly controller = new AbortController();

  constructor(
    private readonly hooks: HookRegistry,
    private readonly options: SessionHookOptions,
  ) {}

  private run<E extends HookEventName>(event: E, input: HookInputs[E]) {
    const ctx: HookContext = {
      sessionId: this.options.sessionId,
      cwd: this.options.cwd,
      signal: this.controller.signal,
      approve: this.options.approve,
      emit: this.options.report,
    };
    return runHooks(this.hooks, event, input, ctx);
  }

  /** Fires SessionStart; what its hooks print becomes context for the next prompt. */
  start(source: SessionStartSource): Promise<void> {
    this.started = true;
    const run = this.pending.then(async () => {
      const outcome = await this.run('SessionStart', { source, model: this.options.model() });
      if (outcome.context) {
        this.context = this.context ? `${this.context}\n${outcome.context}` : outcome.context;
      }
    });
    this.pending = run;
    return run;
  }

  /** Waits for a SessionStart still running (a prompt must not overtake its context). */
  ready(): Promise<unknown> {
    return this.pending;
  }

  /** The SessionStart context not yet given to the model, once. */
  takeContext(): string | undefined {
    const context = this.context;
    this.context = undefined;
    return context;
  }

  /** Fires SessionEnd (once per start); `final` also stops any hook still running. */
  end(reason: SessionEndReason, final = false): Promise<void> {
    const wasStarted = this.started;
    this.started = false;
    const run = this.pending.then(async () => {
      if (wasStarted) await this.run('SessionEnd', { reason });
      if (!final) return;
      await Promise.allSettled([...this.notifying]);
      this.controller.abort();
    });
    this.pending = run;
    return run;
  }

  /** Fires Notification without holding up the question it announces. */
  notify(message: string, notificationType: string): void {
    if (!this.hooks.has('Notification')) return;
    const running = this.run('Notification', { message, notificationType });
    this.notifying.add(running);
    void running.finally(() => this.notifying.delete(running));
  }
}
