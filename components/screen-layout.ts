import type { AppState } from '../src/store/types';
import { frameLayout, inputRowsFor, todoRowsFor, type TerminalSize } from './frame-layout';
import { openChild } from '../src/store/agents-view';
import { agentListLayout, type AgentListLayout } from './lines/agents';
import { ChildLayout } from './child-screen-layout';
import { approvalLayout, type ApprovalLayout } from './lines/approval';
import { rewindPickerLayout, type RewindLayout } from './lines/rewind-picker';
import type { ChecklistView } from './lines/checklist';
import type { Look } from './lines/look';
import { inputPlaceholder, promptInputLayout, type InputLayout } from './lines/prompt-input';
import type { PlanPanelRows } from './lines/plan-panel';
import { taskPanelRows } from './lines/task-panel';
import { todoPanelRows } from './lines/todo-panel';
import { Memo } from './memo';
import type { ScreenLayout, ScreenRegions } from './screen-regions';
import { layOutTranscript, TranscriptCache, type TranscriptLayout } from './transcript-layout';

export type { ScreenLayout, ScreenPoint, ScreenRegions } from './screen-regions';

export interface LayoutOptions {
  /**
   * The terminal's own cursor shows the caret (the app in a real terminal): the inputs
   * draw no inverse cell of their own.
   */
  terminalCursor?: boolean;
  /** The clock the seconds counters read. */
  now?: () => number;
}

type PlanPanelLayout<T> = (items: T[], width: number, view: ChecklistView) => PlanPanelRows;

/**
 * The app's layout, pulled: `screen(state, size)` answers where everything goes (regions,
 * caret, the approval's preview window, the transcript's window) from the state and the
 * terminal's size alone. The frame writer asks it for the caret, the keys for what a
 * page moves through, the components for their part (each part is a method they call
 * with their own width and rows). Nothing is written back: asked twice, it answers the
 * same. The parts remember their last answer, so one frame lays each out once.
 */
export class Layout {
  readonly look: Look;
  readonly terminalCursor: boolean;
  private readonly now: () => number;
  private readonly inputMemo = new Memo<InputLayout>();
  private readonly approvalMemo = new Memo<ApprovalLayout | null>();
  private readonly rewindMemo = new Memo<RewindLayout | null>();
  private readonly todoMemo = new Memo<PlanPanelRows>();
  private readonly undoneMemo = new Memo<ReadonlySet<string>>();
  private readonly taskMemo = new Memo<PlanPanelRows>();
  private readonly regionsMemo = new Memo<ScreenRegions>();
  private readonly transcriptCache = new TranscriptCache();
  private readonly agentListMemo = new Memo<AgentListLayout | null>();
  /** A subagent's view, full screen (child-screen-layout.ts). */
  readonly child: ChildLayout;

  constructor(look: Look, options: LayoutOptions = {}) {
    this.look = look;
    this.terminalCursor = options.terminalCursor ?? false;
    this.now = options.now ?? Date.now;
    this.child = new ChildLayout(look, this.now, {
      approval: (state, width, maxRows) => this.approval(state, width, maxRows),
      planRows: (memo, state, todos, startedAt, size) =>
        this.planPanel(memo, state, todos, startedAt, todoPanelRows, size),
    });
  }

  /** The whole screen: always rows - 1 rows (Ink clears the screen when a frame is taller). */
  screen(state: AppState, size: TerminalSize): ScreenLayout {
    const child = openChild(state);
    if (child) return this.child.screen(state, child, size);
    const { columns, rows } = size;
    const tasks = state.taskListId !== null;
    const hasPlan = (tasks ? state.tasks : state.todos).length > 0;
    const queued = state.queue.length > 0;
    const frame = frameLayout(columns, rows, hasPlan);
    const approval = state.pendingApproval !== null;
    const rewind = !approval && state.rewind !== null;
    const agents = !approval && !rewind && state.agents?.kind === 'picker';
    // A question (or a picker) may take all the rows but the rule's, the status line's and
    // the queue's.
    const bottomMax =
      approval || rewind || agents
        ? Math.max(1, frame.bottomMax - (queued ? 1 : 0))
        : inputRowsFor(frame);
    const asking = approval
      ? this.approval(state, columns, bottomMax)
      : rewind
        ? this.rewindPicker(state, columns, bottomMax)
        : agents
          ? this.agentList(state, columns, bottomMax)
          : null;
    const bottom = asking ?? this.input(state, columns, bottomMax);
    // The bottom region sits right above the status line, the frame's last row.
    const remaining = Math.max(0, frame.frame - 2 - bottom.lines.length - (queued ? 1 : 0));
    // Focused, the panel takes every row above the input; beside the transcript it has them.
    const focused = state.planPanel.mode === 'focused';
    const panelMax =
      frame.wide || focused ? (hasPlan ? remaining : 0) : todoRowsFor(remaining, hasPlan);
    const panelWidth = frame.wide ? frame.panelWidth - 2 : columns;
    const panel = (tasks ? this.taskPanel : this.todoPanel).call(this, state, panelWidth, panelMax);
    const panelRows = panel.lines.length;
    const regions = this.regionsMemo.get(
      [
        columns,
        rows,
        hasPlan,
        tasks,
        queued,
        approval,
        rewind,
        agents,
        bottomMax,
        bottom.lines.length,
        panelRows,
        focused,
      ],
      () => ({
        frame,
        transcript: {
          width: frame.transcriptWidth,
          height: frame.wide ? remaining : remaining - panelRows,
        },
        panel: {
          tasks,
          width: frame.wide ? frame.panelWidth : columns,
          maxRows: panelMax,
          rows: panelRows,
        },
        queued,
        bottom: { approval, rewind, agents, maxRows: bottomMax, rows: bottom.lines.length },
        child: false,
      }),
    );
    const caret = bottom.caret && {
      row: frame.frame - 1 - bottom.lines.length + bottom.caret.row,
      column: bottom.caret.column,
    };
    const preview = (asking && 'preview' in asking && asking.preview) || null;
    const transcript = () =>
      this.transcript(state, regions.transcript.width, regions.transcript.height);
    const plan = panelRows ? { summarised: panel.summarised, window: panel.window } : null;
    return {
      regions,
      bottom,
      caret,
      preview,
      plan,
      get transcript() {
        return transcript();
      },
    };
  }

  /** The subagents' list in `width` x at most `maxRows`; null when it is closed. */
  agentList(state: AppState, width: number, maxRows: number): AgentListLayout | null {
    const view = state.agents;
    const { children } = state;
    // The rows' seconds count while a child runs.
    const clock = children.some((child) => !child.finished) ? state.tick : -1;
    return this.agentListMemo.get([view, children, width, maxRows, clock], () =>
      view?.kind === 'picker'
        ? agentListLayout(children, view.selected, width, this.look, maxRows, this.now())
        : null,
    );
  }

  /** The prompt input in `width` x at most `maxRows`, and where its caret is. */
  input(state: AppState, width: number, maxRows: number): InputLayout {
    const { input } = state;
    const busy = state.status === 'busy';
    // Laid out again only when the input changes, not on every streamed frame.
    return this.inputMemo.get([input, width, busy, maxRows], () =>
      promptInputLayout(input, width, {
        look: this.look,
        placeholder: inputPlaceholder(busy, this.look),
        maxRows,
        focused: true,
        drawCaret: !this.terminalCursor,
      }),
    );
  }

  /** The approval prompt in `width` x at most `maxRows`; null when nothing is asked. */
  approval(state: AppState, width: number, maxRows: number): ApprovalLayout | null {
    const pending = state.pendingApproval;
    // What is typed while a question waits goes to the input: the prompt shows that draft.
    const draft = pending && !pending.noteMode ? state.input.text : '';
    return this.approvalMemo.get([pending, width, maxRows, draft], () =>
      pending
        ? approvalLayout(pending, width, this.look, maxRows, {
            drawCaret: !this.terminalCursor,
            draft,
          })
        : null,
    );
  }

  /** The rewind picker in `width` x at most `maxRows`; null when it is closed. */
  rewindPicker(state: AppState, width: number, maxRows: number): RewindLayout | null {
    const view = state.rewind;
    return this.rewindMemo.get([view, width, maxRows], () =>
      view ? rewindPickerLayout(view, width, this.look, maxRows) : null,
    );
  }

  /** The todo panel's rows at this width, within `maxRows`. */
  todoPanel(state: AppState, width: number, maxRows: number): PlanPanelRows {
    return this.planPanel(this.todoMemo, state, state.todos, state.todoStartedAt, todoPanelRows, {
      width,
      maxRows,
    });
  }

  /** The task panel's rows at this width, within `maxRows`. */
  taskPanel(state: AppState, width: number, maxRows: number): PlanPanelRows {
    return this.planPanel(this.taskMemo, state, state.tasks, state.taskStartedAt, taskPanelRows, {
      width,
      maxRows,
    });
  }

  /** The transcript's window in `width` x `height`. */
  transcript(state: AppState, width: number, height: number): TranscriptLayout {
    return layOutTranscript(state, width, height, this.look, this.transcriptCache, this.now);
  }

  private planPanel<T extends { status: string }>(
    memo: Memo<PlanPanelRows>,
    state: AppState,
    items: T[],
    startedAt: Record<string, number>,
    layout: PlanPanelLayout<T>,
    { width, maxRows }: { width: number; maxRows: number },
  ): PlanPanelRows {
    // The spinner turns (and seconds count) while the turn runs and nothing is asked.
    const animate = state.status === 'busy' && state.pendingApproval === null;
    const { mode, top } = state.planPanel;
    // The clock matters only while an item is in progress in a running turn (its seconds).
    const clock =
      state.status === 'busy' && items.some((item) => item.status === 'in_progress')
        ? state.tick
        : -1;
    const undone = this.undoneSet(state.undoneItems);
    return memo.get([items, width, startedAt, animate, mode, top, maxRows, clock, undone], () =>
      layout(items, width, {
        look: this.look,
        now: this.now(),
        startedAt,
        animate,
        mode,
        top,
        maxRows,
        undone,
      }),
    );
  }

  /** The undone plan items as a set, the same set while the list is the same. */
  private undoneSet(keys: readonly string[]): ReadonlySet<string> {
    return this.undoneMemo.get([keys], () => new Set(keys));
  }
}
