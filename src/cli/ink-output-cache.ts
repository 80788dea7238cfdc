// Ink's Output is not part of its public API; this reaches it by path to share its caches.
import Output from '../../node_modules/ink/build/output.js';
import { lruMemo } from '../util/lru-memo';

interface OutputCaches {
  getStyledChars(line: string): unknown;
  getStringWidth(text: string): number;
}

let shared = false;

/**
 * Makes Ink's per-frame caches (each row parsed into styled cells, each string's width)
 * last across frames. Ink builds a new Output, with empty caches, for every frame, so it
 * parsed every row of the screen again each time although most rows had not changed.
 * The cached cells are only read by Ink, never changed, so sharing them is safe. A frame
 * needs 30 to 60 entries; each row's cells take about 8 KB.
 */
export function shareInkOutputCaches(max = 240): void {
  if (shared) return;
  shared = true;
  const scratch = () =>
    (new Output({ width: 1, height: 1 }) as unknown as { caches: OutputCaches }).caches;
  const caches = Object.getPrototypeOf(scratch()) as OutputCaches;
  const styledChars = caches.getStyledChars;
  const stringWidth = caches.getStringWidth;
  // Ink's own code computes each value, on a scratch cache that is dropped at once.
  const sharedStyledChars = lruMemo((line) => styledChars.call(scratch(), line), max);
  const sharedStringWidth = lruMemo((text) => stringWidth.call(scratch(), text), max);
  caches.getStyledChars = sharedStyledChars;
  caches.getStringWidth = sharedStringWidth;
}
