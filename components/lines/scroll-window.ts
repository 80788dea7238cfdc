import { plural } from './format';
import { glyphs, type Look } from './look';
import type { Line } from './spans';

/** Part of a long list of rows shown in `height` rows, with what is above and below said. */
export interface ScrollWindow {
  rows: Line[];
  /** The first row shown (clamped). */
  top: number;
  /** Rows of content shown (the notes not counted): how far a page moves. */
  page: number;
  /** The largest useful `top`. */
  maxTop: number;
}

/** The largest `top` for `total` rows in `height` rows: the end shows under an "above" note. */
export function maxScrollTop(total: number, height: number): number {
  return total <= height ? 0 : Math.max(0, total - Math.max(1, height - 1));
}

/**
 * Rows `top`… of `content` in at most `height` rows (at least 3 are used when the content
 * is longer): "↑ N lines above" first when scrolled, "… N more lines" last when more follow.
 * `hint` follows the notes (the keys that scroll).
 */
export function scrollWindow(
  content: Line[],
  top: number,
  height: number,
  look: Look,
  hint = '',
): ScrollWindow {
  const total = content.length;
  if (total <= height) return { rows: content, top: 0, page: total, maxTop: 0 };
  const rows = Math.max(3, height);
  const maxTop = maxScrollTop(total, rows);
  const start = Math.max(0, Math.min(top, maxTop));
  const above = start > 0;
  // With the note above, the rest fits when the end is reached; otherwise a note below too.
  let shown = rows - (above ? 1 : 0);
  if (start + shown < total) shown -= 1;
  const below = total - start - shown;
  const g = glyphs(look);
  const note = (text: string): Line => [{ text: `  ${text}${hint}`, style: { dim: true } }];
  return {
    rows: [
      ...(above ? [note(`${g.arrowUp} ${plural(start, 'line')} above`)] : []),
      ...content.slice(start, start + shown),
      ...(below > 0 ? [note(`${g.ellipsis} ${plural(below, 'more line')}`)] : []),
    ],
    top: start,
    page: Math.max(1, rows - 2),
    maxTop,
  };
}

/** Keeps the first and last rows of something too tall, saying how many were left out. */
export function clampMiddle(rows: Line[], max: number, ellipsis: string): Line[] {
  if (rows.length <= max) return rows;
  if (max <= 1) return rows.slice(0, max);
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  const hidden = rows.length - head - tail;
  return [
    ...rows.slice(0, head),
    [{ text: `  ${ellipsis} ${hidden} more rows ${ellipsis}`, style: { dim: true } }],
    ...rows.slice(rows.length - tail),
  ];
}
