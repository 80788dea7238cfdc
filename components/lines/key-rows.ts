import { glyphs, type Look } from './look';
import type { Line, Span } from './spans';
import { lineWidth, wrapLine } from './wrap';

const INDENT: Line = [{ text: '  ' }];

/** A key as the hints show it: bold cyan. */
export const keySpan = (text: string): Span => ({ text, style: { bold: true, fg: 'cyan' } });
/** What a key does, dim. */
export const hintSpan = (text: string): Span => ({ text, style: { dim: true } });

/**
 * Key hints (`Enter undo`, `Esc back`), as many whole hints on a row as fit, indented: a row
 * breaks between hints, never inside one (only a hint wider than the row is wrapped).
 */
export function keyRows(hints: readonly Line[], width: number, look: Look): Line[] {
  const separator = hintSpan(` ${glyphs(look).dot} `);
  const rows: Line[] = [];
  let row: Line = [];
  for (const hint of hints) {
    if (row.length && lineWidth([...row, separator, ...hint]) <= width) {
      row.push(separator, ...hint);
      continue;
    }
    if (row.length) rows.push(row);
    const wrapped = wrapLine([...INDENT, ...hint], width, { indent: INDENT });
    row = wrapped.pop() ?? [];
    rows.push(...wrapped);
  }
  if (row.length) rows.push(row);
  return rows;
}
