import { describe, expect, test } from 'vitest';
// Ink's own text modules, which the app uses as they are since Ink 8 bounds their caches
// (before, the bundle swapped in bounded copies: a session that streams for hours grew).
import wrapText, { wrapTextCache } from '../../node_modules/ink/build/wrap-text.js';

describe("Ink's text caches", () => {
  test('wrapping keeps at most a few thousand texts however many distinct ones it saw', () => {
    for (let i = 0; i < 6000; i++) wrapText(`streamed row ${i} of a long session`, 20, 'wrap');
    expect(wrapTextCache.size).toBeGreaterThan(1000);
    expect(wrapTextCache.size).toBeLessThanOrEqual(4096);
    // A text it dropped is wrapped again, the same.
    expect(wrapText('streamed row 0 of a long session', 20, 'wrap')).toBe(
      'streamed row 0 of a \nlong session',
    );
  });
});
