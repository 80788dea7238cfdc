import type { InputState } from '../../src/store/types';
import { glyphs, type Look } from './look';
import type { Line, Span, Style } from './spans';
import { wrapLine } from './wrap';

const CURSOR: Style = { inverse: true };
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export interface InputView {
  look: Look;
  placeholder: string;
  /** Rows the input may use; a long prompt scrolls to keep the cursor in view. */
  maxRows: number;
  /** Draw the cursor (the input has the keyboard). */
  focused: boolean;
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

/** The prompt: "› " then the text, wrapped, the cursor row always visible. */
export function promptInputLines(input: InputState, width: number, view: InputView): Line[] {
  const mark: Line = [
    { text: `${view.prefix ?? glyphs(view.look).prompt} `, style: { fg: 'cyan', bold: true } },
  ];
  const hang: Line = [{ text: ' '.repeat(mark[0].text.length) }];
  const max = Math.max(1, view.maxRows);
  if (!input.text) {
    const cursor: Line = view.focused ? [{ text: ' ', style: CURSOR }] : [];
    return wrapLine([...mark, ...cursor, { text: view.placeholder, style: { dim: true } }], width, {
      indent: hang,
    }).slice(0, max);
  }
  // A fresh object, so the cursor's span can be found again after wrapping.
  const cursorStyle: Style = view.focused ? { ...CURSOR } : {};
  const rows: Line[] = [];
  withCursor(input, cursorStyle).forEach((line, index) => {
    rows.push(...wrapLine([...(index === 0 ? mark : hang), ...line], width, { indent: hang }));
  });
  if (rows.length <= max) return rows;
  const cursorRow = Math.max(
    0,
    rows.findIndex((row) => row.some((part) => part.style === cursorStyle)),
  );
  const start = Math.max(0, Math.min(rows.length - max, cursorRow - max + 1));
  return rows.slice(start, start + max);
}

/** What the empty input says: what to type, or (while a turn runs) that typing queues. */
export function inputPlaceholder(busy: boolean, look: Look): string {
  const dot = glyphs(look).dot;
  return busy
    ? `Type to queue a message ${dot} esc to interrupt`
    : `Type a task ${dot} /help for commands`;
}
