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
  /** Milliseconds before Notification: an unanswered approval, an idle prompt. */
  delays?: { permission: number; idle: number };
}

/**
 * Claude Code notifies when the user has left a question unanswered for about six seconds
 * (an approval answered at once announces nothing) and when the prompt has waited a minute
 * after a turn.
 */
export const NOTIFICATION_DELAYS = { permission: 6_000, idle: 60_000 };

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
      clearTimeout(this.idleTimer);
      await Promise.allSettled([...this.notifying]);
      this.controller.abort();
    });
    this.pending = run;
    return run;
  }

  /**
   * An approval is open: Notification (`permission_prompt`) fires if it is still unanswered
   * after the delay. Returns what to call once it is answered.
   */
  notifyUnlessAnswered(message: string): () => void {
    const timer = this.later('permission', () =>
      this.notify(message, 'permission_prompt', 'Permission needed'),
    );
    return () => clearTimeout(timer);
  }

  /** A turn ended: Notification (`idle_prompt`) if no prompt comes within the delay. */
  idleAfterTurn(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = this.later('idle', () =>
      this.notify('tick is waiting for your input', 'idle_prompt', 'Waiting for input'),
    );
  }

  /** A prompt arrived: the user is not idle. */
  busy(): void {
    clearTimeout(this.idleTimer);
  }

  private idleTimer: NodeJS.Timeout | undefined;

  private later(kind: 'permission' | 'idle', fire: () => void): NodeJS.Timeout | undefined {
    if (!this.hooks.has('Notification') || this.controller.signal.aborted) return undefined;
    const timer = setTimeout(fire, (this.options.delays ?? NOTIFICATION_DELAYS)[kind]);
    timer.unref();
    return timer;
  }

  /** Fires Notification without holding up the question it announces. */
  notify(message: string, notificationType: string, title?: string): void {
    if (!this.hooks.has('Notification')) return;
    const running = this.run('Notification', {
      message,
      notificationType,
      ...(title ? { title } : {}),
    });
    this.notifying.add(running);
    void running.finally(() => this.notifying.delete(running));
  }
}
