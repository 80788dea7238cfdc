import { describe, expect, test } from 'vitest';
import { inkLineSegment, leavesStyleOpen, lineSegment } from '../../src/cli/ink-line-segment';

const LINES = [
  'plain ascii text',
  '',
  '   ',
  '\x1b[1mbold\x1b[22m then plain',
  '\x1b[1;31mcompound\x1b[0m \x1b[38;5;208m256\x1b[39m \x1b[48;2;10;20;30mtrue colour\x1b[49m',
  '\x1b[1m\x1b[2mbold and dim\x1b[22m neither',
  '\x1b[31mred \x1b[31mred again\x1b[32mgreen\x1b[m odd reset\x1b[0m',
  'open to the end \x1b[4m\x1b[7munderlined inverse',
  '\x1b[31m\x1b[39m',
  '\x1b[2m│\x1b[0m 中文字符 ✓ 🎉 👩‍👩‍👧 🇫🇷 ❤️ 1️⃣ ｆｕｌｌ',
  'e\u0301 combining in a run, \u200b zero width, \u00ad soft hyphen',
  '\x1b[1m\u0301 a mark right after an escape',
  '\x1b[1m\u200dzwj after an escape',
  'a tab\there and a carriage\rreturn',
  'C1 \u0085 and DEL \x7f',
  '\x1b]8;;https://example.com\x07a link\x1b]8;;\x07 after',
  '\x1b[31 unterminated, \x1b(B charset, \x1b[2K erase',
  'ends in a lone escape \x1b',
];

describe('lineSegment', () => {
  test.each(LINES)('reads %j as Ink’s tokenizer does', (line) => {
    expect(lineSegment(line)).toEqual(inkLineSegment(line));
  });

  test('measures columns as Ink places characters', () => {
    expect(lineSegment('ab中🎉')?.width).toBe(6);
    expect(lineSegment('\x1b[1mab\x1b[22m')?.width).toBe(2);
    // Ink gives a zero-width character a column of its own, but drops a default-ignorable
    // one (zero width space, soft hyphen, a lone variation selector) that stands alone.
    expect(lineSegment('a\u0301b')?.width).toBe(2);
    expect(lineSegment('a\u200bb')?.width).toBe(2);
    expect(lineSegment('a\u200bb')?.body).toBe('ab');
    expect(lineSegment('\u00ad\ufe0f')).toBeUndefined();
    expect(lineSegment('\x1b[31m\x1b[39m')).toBeUndefined();
  });
});

describe('leavesStyleOpen', () => {
  test('a line whose styles are all closed, or that has none, leaves nothing open', () => {
    expect(leavesStyleOpen('plain')).toBe(false);
    expect(leavesStyleOpen('\x1b[1mbold\x1b[22m and \x1b[31mred\x1b[39m')).toBe(false);
    expect(leavesStyleOpen('\x1b[1;31mboth\x1b[0m')).toBe(false);
  });

  test('an open style, one opened after the last character, or any other escape is open', () => {
    expect(leavesStyleOpen('\x1b[1mbold to the end')).toBe(true);
    expect(leavesStyleOpen('closed\x1b[4m')).toBe(true);
    expect(leavesStyleOpen('\x1b]8;;https://example.com\x07link')).toBe(true);
  });
});
