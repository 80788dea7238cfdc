// Stands in for ink/build/measure-text.js in the bundle (scripts/build-options.mjs).
import { widestLineWidth } from '../util/display-width';
import { lruMemo } from '../util/lru-memo';

export interface TextSize {
  width: number;
  height: number;
}

/**
 * Ink's text measure, with a bounded cache. Ink keeps every text it ever measured, so a
 * session that streams for hours (every frame of a growing row is a new text) would grow
 * without end; this keeps the texts measured last, which are the ones on screen.
 */
const measured = lruMemo(
  (text): TextSize => ({ width: widestLineWidth(text), height: text.split('\n').length }),
  2000,
);

export default function measureText(text: string): TextSize {
  return text.length === 0 ? { width: 0, height: 0 } : measured(text);
}
