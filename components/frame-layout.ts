/**
 * The frame's geometry: its rows, the widths, where the plan panel goes. Pure; the screen's
 * layout (screen-layout.ts) builds on it, and so does the early screen's first frame.
 */

/** The todo panel moves beside the transcript from this width on. */
export const WIDE_COLUMNS = 100;

/** The terminal's size in cells. */
export interface TerminalSize {
  columns: number;
  rows: number;
}

/** A stream's size (80x24 when it does not know, as a pipe in tests). */
export function terminalSize(stream: { columns?: number; rows?: number }): TerminalSize {
  return { columns: stream.columns || 80, rows: stream.rows || 24 };
}

export interface FrameLayout {
  /** Rows of every frame: the terminal's rows - 1, so Ink never clears the screen. */
  frame: number;
  wide: boolean;
  transcriptWidth: number;
  panelWidth: number;
  /** Rows the bottom region (input or approval) may use. */
  bottomMax: number;
}

export function frameLayout(columns: number, rows: number, hasTodos: boolean): FrameLayout {
  const frame = Math.max(1, rows - 1);
  const wide = hasTodos && columns >= WIDE_COLUMNS;
  const panelWidth = wide ? Math.max(28, Math.min(44, Math.floor(columns * 0.3))) : columns;
  return {
    frame,
    wide,
    transcriptWidth: wide ? columns - panelWidth - 1 : columns,
    panelWidth,
    // Status line and rule stay; the transcript may shrink to nothing for a long question.
    bottomMax: Math.max(1, frame - 2),
  };
}

/** Rows the input may grow to: a third of the frame, at most 8. */
export function inputRowsFor(layout: FrameLayout): number {
  return Math.min(8, Math.max(1, Math.floor(layout.frame / 3)));
}

/** Rows the todo panel may use above the input (narrow screens): about half of what is left. */
export function todoRowsFor(remaining: number, hasTodos: boolean): number {
  if (!hasTodos) return 0;
  return remaining >= 4 ? Math.max(1, Math.floor(remaining / 2)) : remaining >= 2 ? 1 : 0;
}
