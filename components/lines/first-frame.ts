import type { AppState } from '../../src/store/types';
import { frameLayout, inputRowsFor } from '../frame-layout';
import { entryLines } from './items';
import { glyphs, type Look } from './look';
import { inputPlaceholder, promptInputLines } from './prompt-input';
import type { Line } from './spans';
import { statusLine, statusSourceOf, statusViewOf } from './status-line';

/**
 * The app's first frame for a new session, row by row (1-based row → line): the banner,
 * the rule, the empty input and the status line, from the same layout functions the
 * components draw them with. The early screen (src/cli/early-screen.ts) draws it before
 * Ink loads; a test keeps it equal to the App's own first frame.
 */
export function firstFrameRows(
  state: AppState,
  columns: number,
  rows: number,
  look: Look,
): Map<number, Line> {
  const layout = frameLayout(columns, rows, false);
  const banner = state.items[0];
  const top = banner?.kind === 'banner' ? entryLines(banner, columns, look) : [];
  const input = promptInputLines(state.input, columns, {
    look,
    placeholder: inputPlaceholder(false, look),
    maxRows: inputRowsFor(layout),
    focused: true,
  });
  const status = statusLine(statusViewOf(statusSourceOf(state), look, 0), columns);
  const out = new Map<number, Line>();
  top.forEach((line, index) => out.set(index + 1, line));
  const bottom = layout.frame - input.length;
  out.set(bottom - 1, [{ text: glyphs(look).rule.repeat(columns), style: { dim: true } }]);
  input.forEach((line, index) => out.set(bottom + index, line));
  out.set(layout.frame, status);
  return out;
}
