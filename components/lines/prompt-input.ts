import type { InputState } from '../../src/store/types';
import { glyphs, type Look } from './look';
import type { Line, Span, Style } from './spans';
import { plural } from './format';
import { lineWidth, textWidth, wrapLine } from './wrap';

const CURSOR: Style = { inverse: true };
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export interface InputView {
  look: Look;
  placeholder: string;
  /** Rows the input may use; a long prompt scrolls to keep the cursor in view. */
  maxRows: number;
  /** The input has the keyboard: the caret is shown (and its place given in the layout). */
  focused: boolean;
  /**
   * Draw the caret as an inverse cell (default). False when the terminal's own cursor is
   * put there (the app in a real terminal), so an input method opens at the caret.
   */
  drawCaret?: boolean;
  prefix?: string;
}

/** Logical lines of the text with the cursor drawn in `cursorStyle` (a unique object). */
function withCursor(input: InputState, cursorStyle: Style): Line[] {
  const { text, cursor } = input;
  const before = text.slice(0, cursor);
  const after = text.slice(cursor);
  const next = after
    ? (segmenter.segment(after)[Symbol.iterator]().next().value?.segment ?? '')
    : '';
  const atBreak = !next || next === '\n';
  const cursorSpan: Span = { text: atBreak ? ' ' : next, style: cursorStyle };
  const rest = atBreak ? after : after.slice(next.length);
  const lines: Line[] = [[]];
  const add = (chunk: string) =>
    chunk.split('\n').forEach((piece, index) => {
      if (index > 0) lines.push([]);
      if (piece) lines[lines.length - 1].push({ text: piece });
    });
  add(before);
  lines[lines.length - 1].push(cursorSpan);
  add(rest);
  return lines;
}

/** Where the caret is in the input's rows: row index and column (wide characters count 2). */
export interface Caret {
  row: number;
  column: number;
}

export interface InputLayout {
  lines: Line[];
  /** Where the caret is drawn; null when the input is not focused. */
  caret: Caret | null;
}

/** The column where `marker` (the caret's span) starts in `row`. */
function columnOf(row: Line, marker: Style): number {
  let column = 0;
  for (const part of row) {
    if (part.style === marker) return column;
    column += textWidth(part.text);
  }
  return column;
}

/** "↑ 34 lines above" / "↓ 3 lines below", in the hanging indent, dimmed. */
function moreNote(hang: Line, arrow: string, count: number, where: string): Line {
  return [...hang, { text: `${arrow} ${plural(count, 'line')} ${where}`, style: { dim: true } }];
}

/**
 * Which rows of a tall input to show in `max` rows, the caret's row always among them:
 * a note says how many lines are above and below what is shown.
 */
function inputWindow(rows: Line[], caretRow: number, max: number, hang: Line, look: Look) {
  const g = glyphs(look);
  if (max < 3) {
    const start = Math.max(0, Math.min(rows.length - max, caretRow - max + 1));
    return { lines: rows.slice(start, start + max), offset: -start };
  }
  let start: number;
  let shown: number;
  if (caretRow < max - 1) [start, shown] = [0, max - 1];
  else if (caretRow >= rows.length - (max - 1)) [start, shown] = [rows.length - (max - 1), max - 1];
  else [start, shown] = [caretRow - (max - 3), max - 2];
  const below = rows.length - start - shown;
  const lines = [
    ...(start > 0 ? [moreNote(hang, g.arrowUp, start, 'above')] : []),
    ...rows.slice(start, start + shown),
    ...(below > 0 ? [moreNote(hang, g.arrowDown, below, 'below')] : []),
  ];
  return { lines, offset: (start > 0 ? 1 : 0) - start };
}

/**
 * The prompt: "› " then the text, wrapped, the caret's row always visible, and where the
 * caret is. A text taller than `maxRows` says how many lines are above and below.
 */
export function promptInputLayout(input: InputState, width: number, view: InputView): InputLayout {
  const mark: Line = [
    { text: `${view.prefix ?? glyphs(view.look).prompt} `, style: { fg: 'cyan', bold: true } },
  ];
  const hang: Line = [{ text: ' '.repeat(mark[0].text.length) }];
  const max = Math.max(1, view.maxRows);
  const draw = view.drawCaret ?? true;
  const caretAt = (row: number, column: number) =>
    view.focused ? { row, column: Math.min(column, Math.max(0, width - 1)) } : null;
  if (!input.text) {
    const cursor: Line = view.focused && draw ? [{ text: ' ', style: CURSOR }] : [];
    const lines = wrapLine(
      [...mark, ...cursor, { text: view.placeholder, style: { dim: true } }],
      width,
      { indent: hang },
    ).slice(0, max);
    return { lines, caret: caretAt(0, lineWidth(mark)) };
  }
  // A fresh object, so the caret's span can be found again after wrapping (drawn or not).
  const caretStyle: Style = view.focused && draw ? { ...CURSOR, caret: true } : { caret: true };
  const rows: Line[] = [];
  withCursor(input, caretStyle).forEach((line, index) => {
    rows.push(...wrapLine([...(index === 0 ? mark : hang), ...line], width, { indent: hang }));
  });
  const caretRow = Math.max(
    0,
    rows.findIndex((row) => row.some((part) => part.style === caretStyle)),
  );
  const column = columnOf(rows[caretRow] ?? [], caretStyle);
  // Not drawn, a blank caret at the end of its row was only there to be found.
  const caretRowCells = rows[caretRow] ?? [];
  const lastCell = caretRowCells[caretRowCells.length - 1];
  if (!draw && lastCell?.style === caretStyle && !lastCell.text.trim())
    rows[caretRow] = caretRowCells.slice(0, -1);
  if (rows.length <= max) return { lines: rows, caret: caretAt(caretRow, column) };
  const { lines, offset } = inputWindow(rows, caretRow, max, hang, view.look);
  return { lines, caret: caretAt(caretRow + offset, column) };
}

/** The prompt's rows (see promptInputLayout). */
export function promptInputLines(input: InputState, width: number, view: InputView): Line[] {
  return promptInputLayout(input, width, view).lines;
}

/** What the empty input says: what to type, or (while a turn runs) that typing queues. */
export function inputPlaceholder(busy: boolean, look: Look): string {
  const dot = glyphs(look).dot;
  return busy
    ? `Type to queue a message ${dot} esc to interrupt`
    : `Type a task ${dot} /help for commands`;
}
