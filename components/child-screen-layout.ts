import type { AppState, ChildTranscript } from '../src/store/types';
import type { Todo } from '../src/protocol/todos';
import { openChild } from '../src/store/agents-view';
import { childSession } from '../src/store/child-transcripts';
import { PLAN_NORMAL } from '../src/store/plan-view';
import { frameLayout, todoRowsFor, type TerminalSize } from './frame-layout';
import { childFooter, childHeader } from './lines/agents';
import type { ApprovalLayout } from './lines/approval';
import type { Look } from './lines/look';
import type { PlanPanelRows } from './lines/plan-panel';
import type { Line } from './lines/spans';
import { Memo } from './memo';
import type { ScreenLayout, ScreenRegions } from './screen-regions';
import { layOutTranscript, TranscriptCache, type TranscriptLayout } from './transcript-layout';

/** What the child's screen borrows from the main layout: the approval prompt, the plan's rows. */
export interface ChildLayoutHost {
  approval(state: AppState, width: number, maxRows: number): ApprovalLayout | null;
  planRows(
    memo: Memo<PlanPanelRows>,
    state: AppState,
    todos: Todo[],
    startedAt: Record<string, number>,
    size: { width: number; maxRows: number },
  ): PlanPanelRows;
}

/**
 * A subagent's view laid out, full screen (the main `Layout` asks it while a child is open):
 * its header, its transcript through the same layout as the main one, its todo list, and
 * its keys or the approval prompt. Each part remembers its last answer, as the main ones do.
 */
export class ChildLayout {
  private readonly regionsMemo = new Memo<ScreenRegions>();
  private readonly todoMemo = new Memo<PlanPanelRows>();
  private readonly keysMemo = new Memo<Line[]>();
  private readonly headerMemo = new Memo<Line | null>();
  /** The open child's transcript cache (its item ids are its own); anew for another child. */
  private cache = { agentId: '', cache: new TranscriptCache() };

  constructor(
    private readonly look: Look,
    private readonly now: () => number,
    private readonly host: ChildLayoutHost,
  ) {}

  /**
   * A subagent's view, the whole screen: its header and a rule, its transcript, its plan, a
   * rule, and the approval prompt while a question waits (any agent's), else its keys.
   */
  screen(state: AppState, child: ChildTranscript, { columns, rows }: TerminalSize): ScreenLayout {
    const frame = frameLayout(columns, rows, false);
    const hasPlan = child.todos.length > 0;
    const approval = state.pendingApproval !== null;
    // The header and the two rules stay.
    const bottomMax = Math.max(1, frame.frame - 3);
    const asking = approval ? this.host.approval(state, columns, bottomMax) : null;
    const bottom = asking ?? { lines: this.keys(state, columns), caret: null };
    const remaining = Math.max(0, frame.frame - 3 - bottom.lines.length);
    const panelMax = todoRowsFor(remaining, hasPlan);
    const panelRows = hasPlan ? this.panel(state, columns, panelMax).length : 0;
    const regions = this.regionsMemo.get(
      [columns, rows, hasPlan, approval, bottomMax, bottom.lines.length, panelRows],
      () => ({
        frame,
        transcript: { width: columns, height: Math.max(0, remaining - panelRows) },
        panel: { tasks: false, width: columns, maxRows: panelMax, rows: panelRows },
        queued: false,
        bottom: {
          approval,
          rewind: false,
          agents: false,
          maxRows: bottomMax,
          rows: bottom.lines.length,
        },
        child: true,
      }),
    );
    const caret = bottom.caret && {
      row: frame.frame - bottom.lines.length + bottom.caret.row,
      column: bottom.caret.column,
    };
    const transcript = () =>
      this.transcript(state, regions.transcript.width, regions.transcript.height);
    return {
      regions,
      bottom,
      caret,
      preview: asking?.preview ?? null,
      plan: null,
      get transcript() {
        return transcript();
      },
    };
  }

  /** The open child's keys (its footer row). */
  keys(state: AppState, width: number): Line[] {
    const child = openChild(state);
    return this.keysMemo.get([child?.stopping, child?.finished, width], () =>
      child ? [childFooter(child, width, this.look)] : [],
    );
  }

  /** The open child's header row. */
  header(state: AppState, width: number): Line | null {
    const child = openChild(state);
    // Its seconds count while it runs.
    const clock = child && !child.finished ? state.tick : -1;
    return this.headerMemo.get([child, width, clock], () =>
      child ? childHeader(child, width, this.look, this.now()) : null,
    );
  }

  /** The open child's transcript, laid out as the main one, in `width` x `height`. */
  transcript(state: AppState, width: number, height: number): TranscriptLayout {
    const child = openChild(state);
    const view = state.agents;
    const agentId = child?.agentId ?? '';
    if (this.cache.agentId !== agentId) this.cache = { agentId, cache: new TranscriptCache() };
    const session = child ? childSession(child, state) : state;
    const scrollTop = view?.kind === 'child' ? view.scrollTop : null;
    return layOutTranscript(
      { ...session, scrollTop },
      width,
      height,
      this.look,
      this.cache.cache,
      this.now,
    );
  }

  /** The open child's own todo list, in `width` x at most `maxRows`. */
  panel(state: AppState, width: number, maxRows: number): Line[] {
    const child = openChild(state);
    if (!child) return [];
    // The child's plan is shown whole as far as it fits (the panel's focus is the main plan's).
    return this.host.planRows(
      this.todoMemo,
      { ...childSession(child, state), planPanel: PLAN_NORMAL },
      child.todos,
      child.todoStartedAt,
      { width, maxRows },
    ).lines;
  }
}
