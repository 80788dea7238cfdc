import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/util/plain-text';

describe('plainText: a program output for the model and for reports', () => {
  it('removes colours, cursor moves, clears and window titles', () => {
    expect(
      plainText('\x1b[1;31merror\x1b[0m: \x1b[2Jx\x1b]0;my title\x07y\x1b]8;;http://a\x1b\\link'),
    ).toBe('error: xylink');
  });

  it('keeps each line as its last carriage return leaves it', () => {
    expect(plainText('10%\r50%\r100%\nnext\r\nlast\r')).toBe('100%\nnext\nlast');
  });

  it('shows other control characters in caret notation, keeps newlines and tabs', () => {
    expect(plainText('a\x00b\x07c\x7fd\te\nf')).toBe('a^@b^Gc^?d\te\nf');
  });

  it('gives back plain text untouched', () => {
    const text = 'plain\ttext\nwith 你好 and emoji 🎉';
    expect(plainText(text)).toBe(text);
  });
});
