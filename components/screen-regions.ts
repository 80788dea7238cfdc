import type { FrameLayout } from './frame-layout';
import type { AgentListLayout } from './lines/agents';
import type { ApprovalLayout } from './lines/approval';
import type { InputLayout } from './lines/prompt-input';
import type { RewindLayout } from './lines/rewind-picker';
import type { ScrollWindow } from './lines/scroll-window';
import type { PlanShown } from '../src/store/plan-view';
import type { TranscriptLayout } from './transcript-layout';

/** A place on the screen: 0-based row of the frame and column (wide characters count 2). */
export interface ScreenPoint {
  row: number;
  column: number;
}

/** Where each part of the frame goes, top to bottom; the rows add up to rows - 1. */
export interface ScreenRegions {
  frame: FrameLayout;
  transcript: { width: number; height: number };
  /** The plan panel in use: the task list's or the todo list's; `rows` 0 when it is empty. */
  panel: { tasks: boolean; width: number; maxRows: number; rows: number };
  /** A row saying what was queued, above the rule. */
  queued: boolean;
  /**
   * The approval prompt (while a question waits), the rewind picker or the subagents' list
   * (while it is open) or the input, above the status line.
   */
  bottom: { approval: boolean; rewind: boolean; agents: boolean; maxRows: number; rows: number };
  /**
   * A subagent's view fills the screen: its header and a rule, its transcript and plan
   * (`transcript`, `panel`), a rule, and the approval prompt or its keys (`bottom`).
   */
  child: boolean;
}

/** The screen laid out for one state at one size. */
export interface ScreenLayout {
  regions: ScreenRegions;
  /** The bottom region's rows: the approval prompt's, a picker's, the input's (or a child's keys). */
  bottom: ApprovalLayout | RewindLayout | AgentListLayout | InputLayout;
  /**
   * Where the caret of the focused input is on screen (the prompt, or an approval's
   * note); null while a question waits for a key. The terminal's cursor is put there.
   */
  caret: ScreenPoint | null;
  /**
   * The approval's preview (or the rewind picker's diff) as shown (what PgUp/PgDn page
   * through); null without one.
   */
  preview: ScrollWindow | null;
  /**
   * The plan panel as shown (whether Ctrl+T has anything to scroll, the focused window the
   * keys move); null without a plan.
   */
  plan: PlanShown | null;
  /** The transcript's window; laid out when read. */
  readonly transcript: TranscriptLayout;
}
