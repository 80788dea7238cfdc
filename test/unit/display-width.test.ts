/* eslint-disable no-control-regex -- rows hold terminal escape sequences */
import stringWidth from 'string-width';
import widestLine from 'widest-line';
import { describe, expect, test } from 'vitest';
import { tokens } from '../../src/cli/row-diff';
import { displayWidth, widestLineWidth } from '../../src/util/display-width';
import { isOneUnitGraphemes, unitWidth } from '../../src/util/graphemes';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Rows as the app draws them, and text that must take string-width's full path. */
const SAMPLES = [
  '',
  'plain ascii',
  '\x1b[1;36m⠋\x1b[0m \x1b[1mbash\x1b[0m  echo hi  \x1b[2m3s\x1b[0m',
  '\x1b[2m─────\x1b[0m │ Todos 1/3 · ☑ done ✓ ✗ ⊘ ↑12k ↓678 ›',
  '中文 text 👍🏽 and 🇫🇷 flags, e\u0301 combining, 👨‍👩‍👧 family',
  'tab\there and a lone \x1b escape',
  '\x1b[38;5;202mcolour\x1b[39m \x1b]8;;http://x\x07link\x1b]8;;\x07',
  'ﾊﾝｶｸ and ｆｕｌｌ width, 가 jamo, ก่ thai',
  '\x1b[',
];

describe('displayWidth', () => {
  test.each(SAMPLES)('counts what string-width counts: %j', (text) => {
    expect(displayWidth(text)).toBe(stringWidth(text));
    expect(displayWidth(text)).toBe(stringWidth(text)); // again, from the cache
  });

  test('widestLineWidth answers as widest-line does', () => {
    const text = SAMPLES.join('\n');
    expect(widestLineWidth(text)).toBe(widestLine(text));
    expect(widestLineWidth('one\n\x1b[1mlonger line\x1b[0m\n中文')).toBe(11);
  });
});

describe('row tokens', () => {
  test.each(SAMPLES)('split text into the graphemes Intl.Segmenter finds: %j', (text) => {
    const printed = tokens(text)
      .filter((token) => !token.escape)
      .map((token) => token.text);
    const withoutEscapes = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, (m) => `\u0000${m}\u0000`);
    const expected = withoutEscapes
      .split('\u0000')
      .filter((part) => !/^\x1b\[[0-9;?]*[A-Za-z]$/.test(part))
      .flatMap((part) => Array.from(segmenter.segment(part), (s) => s.segment))
      .filter((segment) => segment !== '\x1b');
    expect(printed).toEqual(expected);
  });
});

describe('unitWidth', () => {
  test('counts every single-unit grapheme as string-width does', () => {
    const differing: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const unit = String.fromCharCode(code);
      if (!isOneUnitGraphemes(unit)) continue;
      if (unitWidth(unit) !== stringWidth(unit)) differing.push(code.toString(16));
    }
    expect(differing).toEqual([]);
  });

  test('takes the wide, the invisible and the ordinary apart', () => {
    expect(['中', '⌚', 'ｆ'].map(unitWidth)).toEqual([2, 2, 2]);
    expect(['\u200b', '\u00ad', '\u2060'].map(unitWidth)).toEqual([0, 0, 0]);
    expect(['─', '❯', '·', '✓', '⠋', 'é'].map(unitWidth)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
