// Ink's Output is not part of its public API; this reaches it by path to share its caches.
import Output from '../../node_modules/ink/build/output.js';

interface OutputCaches {
  getStyledChars(line: string): unknown;
  getStringWidth(text: string): number;
}

let shared = false;

/** Remembers up to `max` entries; forgets them all when full (a frame needs 30 to 60). */
function memo<T>(compute: (key: string) => T, max: number): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      if (cache.size >= max) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

/**
 * Makes Ink's per-frame caches (each row parsed into styled cells, each string's width)
 * last across frames. Ink builds a new Output, with empty caches, for every frame, so it
 * parsed every row of the screen again each time although most rows had not changed.
 * The cached cells are only read by Ink, never changed, so sharing them is safe.
 */
export function shareInkOutputCaches(max = 600): void {
  if (shared) return;
  shared = true;
  const scratch = () =>
    (new Output({ width: 1, height: 1 }) as unknown as { caches: OutputCaches }).caches;
  const caches = Object.getPrototypeOf(scratch()) as OutputCaches;
  const styledChars = caches.getStyledChars;
  const stringWidth = caches.getStringWidth;
  // Ink's own code computes each value, on a scratch cache that is dropped at once.
  const sharedStyledChars = memo((line) => styledChars.call(scratch(), line), max);
  const sharedStringWidth = memo((text) => stringWidth.call(scratch(), text), max);
  caches.getStyledChars = sharedStyledChars;
  caches.getStringWidth = sharedStringWidth;
}
