import type { AgentEvent, TurnEndReason } from '../protocol/events';
import type { ApprovalDecision, Approve } from '../protocol/approval';
import { ApprovalQueue } from './approvals';
import type { SessionAgent } from './agent-port';
import { EventBatcher } from './batcher';
import { CLOCK_MS, FRAME_MS, FrameScheduler } from './frame-scheduler';
import { pacedView } from './paced-view';
import { isUrgentChange } from './render-urgency';
import { commandWaitsForTurn, isSlashCommand, runSlashCommand } from './commands';
import { EMPTY_INPUT, setText } from './input-editor';
import { commit, withBanner } from './reducer';
import type { AppStore } from './store';
import { TurnClock } from './turn-clock';
import type { InfoTone, InputState } from './types';
import { clearedConversation, historyStep, scrolledBy, type ViewportMetrics } from './view-state';

export type { ViewportMetrics } from './view-state';

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
}

/** What the approval prompt's preview last showed, for paging through it. */
export interface PreviewMetrics {
  top: number;
  /** Rows a page moves. */
  page: number;
  maxTop: number;
}

/** A place on the screen: 0-based row of the frame and column (wide characters count 2). */
export interface ScreenPoint {
  row: number;
  column: number;
}

/**
 * The app's actions: runs prompts through the agent into the store, answers
 * approvals, queues input typed while busy, and owns the frame scheduler and the clock.
 * Keys and components call it; it never touches the terminal.
 */
export class AppController {
  readonly exited: Promise<number>;
  /** When the screen changes: every frame of the app goes through it. */
  readonly frames: FrameScheduler;
  /** The store as the components see it: changes arrive once per frame. */
  readonly view: AppStore;
  viewport: ViewportMetrics = { totalRows: 0, height: 0 };
  /**
   * Where the caret of the focused input is on screen (the prompt, or an approval's note);
   * null when no input has the keyboard. Set by the app as it lays the screen out; the
   * terminal's cursor is put there, so an input method opens at the caret.
   */
  caret: ScreenPoint | null = null;
  /** Set by the approval prompt while it shows a preview that does not fit. */
  previewViewport: PreviewMetrics | null = null;
  private agent: SessionAgent | undefined;
  private readonly batcher: EventBatcher;
  private readonly now: () => number;
  private readonly clock: TurnClock;
  private readonly doubleCtrlCMs: number;
  private readonly onRequestStart: (() => void) | undefined;
  private abort: AbortController | undefined;
  private running: Promise<void> | undefined;
  private readonly approvals: ApprovalQueue;
  /** The loop's `approve`: shows the prompt and resolves with the user's answer. */
  readonly approve: Approve;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private lastCtrlC = -Infinity;
  /** Stops following the task list on disk. */
  private stopWatchingTasks: (() => void) | undefined;
  /** How the last turn ended (for `play`). */
  private lastEnd: TurnEndReason | undefined;
  private exiting = false;
  private resolveExit: (code: number) => void = () => undefined;

  constructor(
    readonly store: AppStore,
    options: ControllerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.clock = new TurnClock(store, options.clockMs ?? CLOCK_MS);
    this.doubleCtrlCMs = options.doubleCtrlCMs ?? 2000;
    this.onRequestStart = options.onRequestStart;
    this.frames = new FrameScheduler({ intervalMs: options.frameMs ?? FRAME_MS, now: this.now });
    this.view = pacedView(store, this.frames, isUrgentChange);
    this.batcher = new EventBatcher(store, this.frames, { now: this.now });
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
    this.approvals = new ApprovalQueue(store, {
      beforeAsk: () => this.batcher.flush(),
    });
    this.approve = this.approvals.approve;
  }

  /** Connects the agent; prompts typed while it was loading run now. */
  attach(agent: SessionAgent): void {
    this.agent = agent;
    this.store.setState((state) => ({
      model: agent.model,
      mode: agent.policy.mode,
      demo: agent.demo,
      context: agent.contextUsage?.() ?? state.context,
      taskListId: agent.taskListId ?? null,
      items: withBanner(state.items, { model: agent.model, cwd: agent.cwd, demo: agent.demo }),
    }));
    // Another process's changes to the list reach the panel between turns too.
    this.stopWatchingTasks?.();
    this.stopWatchingTasks = agent.watchTasks?.((event) => this.batcher.push(event));
    if (!this.busy) this.runQueued();
  }

  private requireAgent(): SessionAgent {
    if (!this.agent) throw new Error('the app has no agent yet');
    return this.agent;
  }

  get busy(): boolean {
    return this.store.getState().status === 'busy';
  }

  // ---- approvals -------------------------------------------------------------

  answerApproval(decision: ApprovalDecision): void {
    this.approvals.answer(decision);
  }

  setApprovalNoteMode(noteMode: boolean): void {
    this.approvals.setNoteMode(noteMode);
  }

  setApprovalNote(note: string): void {
    this.approvals.setNote(note);
  }

  // ---- prompts ---------------------------------------------------------------

  setInput(input: InputState): void {
    this.store.setState({ input, historyIndex: null });
  }

  /** Enter: a slash command, a prompt, or (while busy) the queue. */
  submit(raw: string): void {
    const text = raw.replace(/\s+$/, '');
    if (!text.trim()) return;
    this.store.setState((state) => ({
      history:
        state.history[state.history.length - 1] === text ? state.history : [...state.history, text],
      historyIndex: null,
      input: EMPTY_INPUT,
    }));
    // Until the agent is ready (it loads while the app starts) everything but /help and
    // /exit waits, as it does while a turn runs.
    const later = !this.agent
      ? !/^\/(help|exit|quit)\b/.test(text.trim())
      : this.busy && (!isSlashCommand(text) || commandWaitsForTurn(text));
    if (later) {
      this.store.setState((state) => ({ queue: [...state.queue, text] }));
      return;
    }
    this.dispatch(text);
  }

  private dispatch(text: string): void {
    if (isSlashCommand(text)) {
      runSlashCommand(
        {
          store: this.store,
          agent: this.agent,
          exit: () => void this.exit(),
          clear: () => this.clear(),
          compact: (focus) => this.startTurn((agent, signal) => agent.compact?.(focus, signal)),
        },
        text,
      );
      return;
    }
    this.startTurn((agent, signal) => agent.run(text, signal));
  }

  /** Runs one turn of the agent (a prompt, a compaction) into the store. */
  private startTurn(
    events: (agent: SessionAgent, signal: AbortSignal) => AsyncGenerator<AgentEvent> | undefined,
  ): void {
    const agent = this.requireAgent();
    const abort = new AbortController();
    this.abort = abort;
    this.store.setState({
      status: 'busy',
      turnStartedAt: this.now(),
      scrollTop: null,
      notice: null,
    });
    this.clock.start();
    this.running = (async () => {
      let ended = false;
      try {
        for await (const event of events(agent, abort.signal) ?? []) {
          this.batcher.push(event);
          if (event.type === 'request_start') this.onRequestStart?.();
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
      this.runQueued();
    })();
  }

  /**
   * Sends a prompt as if the user typed it (a replay), once the running turn and anything
   * queued are done; `beforeSend` runs just before it goes. Resolves with how its turn
   * ended; undefined when the app is exiting.
   */
  async play(prompt: string, beforeSend?: () => void): Promise<TurnEndReason | undefined> {
    while (this.busy && this.running) await this.running;
    if (this.exiting || !this.agent) return undefined;
    beforeSend?.();
    this.submit(prompt);
    if (!this.running || !this.busy) return undefined;
    await this.running;
    return this.lastEnd;
  }

  /** Adds a line to the transcript (a replay's progress, start-up notices). */
  say(text: string, tone: InfoTone = 'info'): void {
    this.store.setState((state) => commit(state, { kind: 'info', text, tone }));
  }

  private runQueued(): void {
    if (this.exiting) return;
    const [next, ...rest] = this.store.getState().queue;
    if (next === undefined) return;
    this.store.setState({ queue: rest });
    this.dispatch(next);
  }

  /** Esc: stop the running turn; queued prompts go back into the input. */
  interrupt(): boolean {
    if (!this.abort) return false;
    this.abort.abort();
    this.store.setState((state) => {
      if (!state.queue.length) return {};
      const text = [...state.queue, state.input.text].filter(Boolean).join('\n');
      return { queue: [], input: setText(text) };
    });
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

  /** /clear: a new conversation, on screen and in the agent. */
  clear(): void {
    this.requireAgent().reset();
    this.store.setState(clearedConversation);
  }

  cycleMode(): void {
    if (!this.agent) return;
    const mode = this.agent.policy.cycleMode();
    this.store.setState({ mode });
  }

  toggleTodos(): void {
    this.store.setState((state) => ({ todosCollapsed: !state.todosCollapsed }));
  }

  toggleExpand(): void {
    this.store.setState((state) => ({ expandLatest: !state.expandLatest }));
  }

  browseHistory(direction: -1 | 1): void {
    this.store.setState((state) => historyStep(state, direction));
  }

  // ---- scrolling ---------------------------------------------------------------

  /** PgUp/PgDn: through the approval's preview when it does not fit, else the transcript. */
  scrollPage(direction: -1 | 1): void {
    const preview = this.store.getState().pendingApproval ? this.previewViewport : null;
    if (preview && preview.maxTop > 0) {
      const top = preview.top + direction * preview.page;
      this.approvals.setPreviewTop(Math.max(0, Math.min(preview.maxTop, top)));
      return;
    }
    this.scrollBy(direction * Math.max(1, this.viewport.height - 1));
  }

  scrollBy(rows: number): void {
    this.store.setState((state) => scrolledBy(state, rows, this.viewport));
  }

  scrollToBottom(): void {
    this.store.setState({ scrollTop: null });
  }

  // ---- notices, exit -----------------------------------------------------------

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
    this.abort?.abort();
    this.approvals.denyAll('tick is exiting');
    if (this.running) await Promise.race([this.running, delay(3000)]);
    this.clock.stop();
    this.stopWatchingTasks?.();
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.batcher.flush();
    this.batcher.dispose();
    this.frames.cancel();
    this.resolveExit(code);
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
