import { describe, expect, test } from 'vitest';
// Ink's own modules, which the bundle replaces with ours (scripts/build-options.mjs).
import inkMeasureText from '../../node_modules/ink/build/measure-text.js';
import inkWrapText from '../../node_modules/ink/build/wrap-text.js';
import measureText from '../../src/cli/ink-measure-text';
import wrapText from '../../src/cli/ink-wrap-text';

const TEXTS = [
  '',
  'plain words',
  'two\nlines, the second longer',
  '\x1b[1m\x1b[36mbold cyan\x1b[39m\x1b[22m and plain',
  '漢字とかな mixed with ASCII',
  'emoji 👩‍💻 and ✅ done',
  'a very long line that has to be wrapped or cut somewhere because it does not fit',
  '\x1b[2m────────────────────────────────────────\x1b[22m',
];
const TYPES = ['wrap', 'truncate', 'truncate-end', 'truncate-middle', 'truncate-start'] as const;

describe("the app's bounded stand-ins for Ink's text caches", () => {
  test('measure every text as Ink does', () => {
    for (const text of TEXTS) expect(measureText(text)).toEqual(inkMeasureText(text));
  });

  test('wrap and cut every text as Ink does, at every width and wrap type', () => {
    for (const text of TEXTS)
      for (const type of TYPES)
        for (const width of [1, 5, 12, 30, 100]) {
          expect(wrapText(text, width, type)).toBe(inkWrapText(text, width, type));
          // A second call (from the cache) gives the same.
          expect(wrapText(text, width, type)).toBe(inkWrapText(text, width, type));
        }
  });

  test('a text is not mistaken for another with the same characters in other fields', () => {
    expect(wrapText('12 abc', 3, 'truncate')).toBe(inkWrapText('12 abc', 3, 'truncate'));
    expect(wrapText('abc', 12, 'truncate')).toBe('abc');
  });
});
