import type { TurnEndReason } from '../protocol/events';
import type { Approve } from '../protocol/approval';
import { EMPTY_INPUT } from '../store/input-editor';
import { commit, withBanner } from '../store/reducer';
import type { AppStore } from '../store/store';
import type { InfoTone } from '../store/types';
import { clearedConversation } from '../store/view-state';
import type { SessionAgent } from './agent-port';
import { ApprovalQueue, type ApprovalGuard } from './approvals';
import { AttentionWatcher, type Alert } from './attention';
import { EventBatcher } from './batcher';
import { CLOCK_MS, FRAME_MS, FrameScheduler } from './frame-scheduler';
import { InputQueue } from './input-queue';
import { pacedView } from './paced-view';
import { RewindPicker } from './rewind-picker';
import { isUrgentChange } from './render-urgency';
import { TurnRunner } from './turn-runner';
import { ViewControls } from './view-controls';
import { askAboutProjectServers } from './project-servers';
import { AgentViews } from './agent-views';

export interface ControllerOptions {
  now?: () => number;
  /** The paced frame interval (FRAME_MS; tests use less). */
  frameMs?: number;
  /** Period of the clock of elapsed-time counters (CLOCK_MS). */
  clockMs?: number;
  /** A second Ctrl+C within this window quits. */
  doubleCtrlCMs?: number;
  /** Called when a model request goes out (the app trims its heap while it waits). */
  onRequestStart?: () => void;
  /** Rings the terminal when tick waits for the user (src/cli/terminal-alerts.ts). */
  alert?: (alert: Alert) => void;
  /** How long a question's keys wait (APPROVAL_GUARD; tests of other things use 0). */
  approvalGuard?: ApprovalGuard;
}

/**
 * The app's driver, assembled: it builds the parts and holds what spans them (the agent,
 * Ctrl+C, quitting). Keys and components call the part they need: `input` (the prompt,
 * its history and queue), `turns` (the running turn), `approvals` (the gate's questions),
 * `viewControls` (scrolling, folds), `rewind` (the /rewind picker). It never touches the terminal.
 */
export class AppController {
  readonly exited: Promise<number>;
  /** When the screen changes: every frame of the app goes through it. */
  readonly frames: FrameScheduler;
  /** The store as the components see it: changes arrive once per frame. */
  readonly view: AppStore;
  readonly turns: TurnRunner;
  readonly input: InputQueue;
  readonly approvals: ApprovalQueue;
  readonly viewControls: ViewControls;
  /** Calls the user back (bell, desktop notification) when tick waits. */
  readonly attention: AttentionWatcher;
  /** /rewind, /undo #N, Esc Esc: the points to go back to. */
  readonly rewind: RewindPicker;
  /** /agents, ↓: the subagents' list and one child's view, full screen. */
  readonly agents: AgentViews;
  /** The loop's `approve`: shows the prompt and resolves with the user's answer. */
  readonly approve: Approve;
  private agent: SessionAgent | undefined;
  private readonly batcher: EventBatcher;
  private readonly now: () => number;
  private readonly doubleCtrlCMs: number;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private lastCtrlC = -Infinity;
  /** Stops following the task list on disk. */
  private stopWatchingTasks: (() => void) | undefined;
  /** Stops following the MCP servers' notices. */
  private stopWatchingMcp: (() => void) | undefined;
  /** Aborted on exit: a question about a project server cut short is not an answer. */
  private readonly questions = new AbortController();
  private exiting = false;
  private resolveExit: (code: number) => void = () => undefined;

  constructor(
    readonly store: AppStore,
    options: ControllerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.doubleCtrlCMs = options.doubleCtrlCMs ?? 2000;
    this.frames = new FrameScheduler({ intervalMs: options.frameMs ?? FRAME_MS, now: this.now });
    this.view = pacedView(store, this.frames, isUrgentChange);
    this.batcher = new EventBatcher(store, this.frames, { now: this.now });
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
    this.approvals = new ApprovalQueue(
      store,
      { beforeAsk: () => this.batcher.flush() },
      { now: this.now, ...(options.approvalGuard && { guard: options.approvalGuard }) },
    );
    this.approve = this.approvals.approve;
    this.turns = new TurnRunner(store, this.batcher, {
      now: this.now,
      clockMs: options.clockMs ?? CLOCK_MS,
      ...(options.onRequestStart && { onRequestStart: options.onRequestStart }),
      onIdle: () => this.input.runNext(),
    });
    this.input = new InputQueue(store, this.turns, {
      agent: () => this.agent,
      exiting: () => this.exiting,
      exit: () => void this.exit(),
      clear: () => this.clear(),
      rewind: (item) => (item === undefined ? this.rewind.open() : this.rewind.openUndo(item)),
      agents: () => {
        if (!this.agents.openList()) this.say('No subagents in this session yet.');
      },
    });
    this.viewControls = new ViewControls(store);
    this.agents = new AgentViews(store, () => this.agent);
    // Grants for a plan item start at an answer and end when the item does: recounted then.
    store.subscribe((state, previous) => {
      const answered = previous.pendingApproval && !state.pendingApproval;
      if (answered || state.todos !== previous.todos || state.tasks !== previous.tasks)
        // After the answer's own continuation, which adds the grant.
        setTimeout(() => this.countItemGrants(), 0);
    });
    this.attention = new AttentionWatcher(store, {
      now: this.now,
      alert: options.alert ?? (() => undefined),
    });
    this.rewind = new RewindPicker(store, {
      agent: () => this.agent,
      turns: this.turns,
      now: this.now,
    });
  }

  /** Connects the agent; prompts typed while it was loading run now. */
  attach(agent: SessionAgent): void {
    this.agent = agent;
    for (const notice of agent.takeNotices?.() ?? []) this.say(notice, 'warning');
    this.store.setState((state) => ({
      model: agent.model,
      mode: agent.policy.mode,
      sandbox: (agent.policy.sandboxInUse && agent.policy.sandbox?.mode) || null,
      demo: agent.demo,
      context: agent.contextUsage?.() ?? state.context,
      taskListId: agent.taskListId ?? null,
      items: withBanner(state.items, { model: agent.model, cwd: agent.cwd, demo: agent.demo }),
    }));
    // A resumed session's plan shows which items a rewind took back.
    if (agent.todos().length || agent.taskListId)
      void agent.checkpoints
        ?.undoneItems?.()
        .then((keys) => keys.length && this.store.setState({ undoneItems: keys }))
        .catch(() => undefined);
    // Another process's changes to the list reach the panel between turns too.
    this.stopWatchingTasks?.();
    this.stopWatchingTasks = agent.watchTasks?.((event) => this.batcher.push(event));
    // MCP servers' news (one failed, a tool name taken twice), between turns too.
    this.stopWatchingMcp?.();
    const mcp = agent.mcp;
    this.stopWatchingMcp = mcp?.watch((notice) => {
      if (notice) this.say(notice, 'warning');
      else this.store.setState({ mcp: mcp.summary() });
    });
    if (mcp) this.store.setState({ mcp: mcp.summary() });
    // Project servers (.mcp.json) nobody approved yet: asked once, before their first start.
    if (agent.mcp)
      void askAboutProjectServers(
        agent.mcp,
        this.approve,
        agent.cwd,
        (text, tone) => this.say(text, tone),
        this.questions.signal,
      );
    if (!this.busy) this.input.runNext();
  }

  private countItemGrants(): void {
    void this.agent?.itemGrants?.().then((grants) => {
      if (this.store.getState().itemGrants !== grants.length)
        this.store.setState({ itemGrants: grants.length });
    });
  }

  get busy(): boolean {
    return this.turns.busy;
  }

  /**
   * Sends a prompt as if the user typed it (a replay), once the running turn and anything
   * queued are done; `beforeSend` runs just before it goes. Resolves with how its turn
   * ended; undefined when the app is exiting.
   */
  async play(prompt: string, beforeSend?: () => void): Promise<TurnEndReason | undefined> {
    await this.turns.idle();
    if (this.exiting || !this.agent) return undefined;
    beforeSend?.();
    this.input.submit(prompt);
    return this.turns.ended();
  }

  /** Adds a line to the transcript (a replay's progress, start-up notices). */
  say(text: string, tone: InfoTone = 'info'): void {
    this.store.setState((state) => commit(state, { kind: 'info', text, tone }));
  }

  /** Esc: stop the running turn; queued prompts go back into the input. */
  interrupt(): boolean {
    if (!this.turns.interrupt()) return false;
    this.input.takeBack();
    return true;
  }

  /**
   * Ctrl+C: interrupt when busy; when idle, clear the input, or on an empty input get ready
   * to quit. A second Ctrl+C within 2 s of one that got ready quits; clearing the input
   * does not count, so the press after it only gets ready.
   */
  ctrlC(): void {
    const now = this.now();
    if (now - this.lastCtrlC <= this.doubleCtrlCMs) {
      void this.exit();
      return;
    }
    if (!this.interrupt() && this.store.getState().input.text !== '') {
      this.lastCtrlC = -Infinity;
      this.store.setState({ input: EMPTY_INPUT, historyIndex: null });
      return;
    }
    this.lastCtrlC = now;
    this.flashNotice('Press Ctrl+C again to exit', this.doubleCtrlCMs);
  }

  /** Shift+Tab: the next permission mode. */
  cycleMode(): void {
    if (!this.agent) return;
    const mode = this.agent.policy.cycleMode();
    this.store.setState({ mode });
  }

  /** /clear: a new conversation, on screen and in the agent. */
  clear(): void {
    if (!this.agent) throw new Error('the app has no agent yet');
    this.agent.reset();
    this.store.setState(clearedConversation);
  }

  private flashNotice(text: string, ms: number): void {
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.store.setState({ notice: text });
    this.noticeTimer = setTimeout(() => this.store.setState({ notice: null }), ms);
    this.noticeTimer.unref?.();
  }

  /** Quits: stops a running turn (its processes are killed), then resolves `exited`. */
  async exit(code = 0): Promise<void> {
    if (this.exiting) return;
    this.exiting = true;
    this.questions.abort();
    this.turns.interrupt();
    this.approvals.denyAll('tick is exiting');
    this.rewind.close();
    await this.turns.stop(3000);
    this.stopWatchingTasks?.();
    this.attention.dispose();
    this.stopWatchingMcp?.();
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.batcher.flush();
    this.batcher.dispose();
    this.frames.cancel();
    this.resolveExit(code);
  }
}
