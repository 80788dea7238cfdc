import { describe, expect, test } from 'vitest';
import { rowUpdate, safePrefix, tokens } from '../../src/cli/row-diff';

const texts = (line: string) => tokens(line).map((token) => token.text);

describe('tokens', () => {
  test('splits a row into escapes and whole graphemes, with their offsets', () => {
    const line = 'a\x1b[1mé👍🏽\x1b[0m🇫🇷中e\u0301';
    expect(tokens(line)).toEqual([
      { text: 'a', start: 0, escape: false },
      { text: '\x1b[1m', start: 1, escape: true },
      { text: 'é', start: 5, escape: false },
      { text: '👍🏽', start: 6, escape: false },
      { text: '\x1b[0m', start: 10, escape: true },
      { text: '🇫🇷', start: 14, escape: false },
      { text: '中', start: 18, escape: false },
      { text: 'e\u0301', start: 19, escape: false },
    ]);
  });

  test('the tokens put together give the row back', () => {
    const line = '\x1b[38;5;12m  const x = "é";\x1b[39m // 🎉 done\x1b[0m';
    expect(texts(line).join('')).toBe(line);
  });

  test('a lone ESC is a zero-width escape, not text', () => {
    expect(tokens('a\x1bb')).toEqual([
      { text: 'a', start: 0, escape: false },
      { text: '\x1b', start: 1, escape: true },
      { text: 'b', start: 2, escape: false },
    ]);
  });

  // Speed is the bench's job (bench/long-session); here a long mixed row must round-trip.
  test('splits a 100,000-character styled row with wide characters without losing any', () => {
    const unit = '\x1b[32mok\x1b[39m é 中 ';
    const line = unit.repeat(Math.ceil(100_000 / unit.length));
    const result = tokens(line);
    expect(result.map((token) => token.text).join('')).toBe(line);
    expect(result.filter((token) => token.escape)).toHaveLength(
      2 * Math.ceil(100_000 / unit.length),
    );
  });
});

describe('rowUpdate', () => {
  test('a change in the middle of a long styled row writes only from the change', () => {
    const old = `\x1b[1m${'x'.repeat(50)}\x1b[22m${'y'.repeat(40)}`;
    const next = `\x1b[1m${'x'.repeat(50)}\x1b[22m${'z'.repeat(40)}`;
    expect(rowUpdate(old, next, 2, 100)).toBe(`\x1b[3;51H${'z'.repeat(40)}\x1b[K`);
  });
});

describe('safePrefix', () => {
  // Pieces that make cuts hard: escapes, wide and combining characters, emoji sequences.
  const pieces = [
    'a',
    'b',
    ' ',
    '\x1b[1m',
    '\x1b[22m',
    '\x1b[38;5;2m',
    '\x1b[0m',
    '界',
    'e\u0301',
    '\u0301',
    '👍🏽',
    '👩\u200d💻',
    '│',
    '✓',
  ];

  function seeded(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
  }

  test('cuts two rows only where both split into the same tokens up to the cut', () => {
    const random = seeded(42);
    const row = (n: number) =>
      Array.from({ length: n }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    for (let i = 0; i < 2000; i++) {
      const shared = row(Math.floor(random() * 12));
      const old = shared + row(Math.floor(random() * 6));
      const next = shared + row(Math.floor(random() * 6));
      const cut = safePrefix(old, next);
      expect(old.slice(0, cut)).toBe(next.slice(0, cut));
      const head = texts(old.slice(0, cut));
      expect(texts(old).slice(0, head.length)).toEqual(head);
      expect(texts(next).slice(0, head.length)).toEqual(head);
    }
  });

  test('the update of a row whose head is shared starts at the first changed cell', () => {
    const old = `\x1b[2m│\x1b[22m ${'word '.repeat(10)}界 one`;
    const next = `\x1b[2m│\x1b[22m ${'word '.repeat(10)}界 two`;
    expect(rowUpdate(old, next, 0, 100)).toBe('\x1b[1;56Htwo\x1b[K');
  });
});
