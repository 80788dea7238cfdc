import { describe, expect, it } from 'vitest';
import type { Line } from '../../components/lines/spans';
import { wrapLine } from '../../components/lines/wrap';

const text = (rows: Line[]) => rows.map((row) => row.map((span) => span.text).join(''));

describe('wrapLine with a kept phrase', () => {
  it('moves the phrase to the next row whole instead of breaking at its spaces', () => {
    const line: Line = [{ text: '☐ #5 Check case xxxx' }, { text: '  blocked by #1', keep: true }];
    expect(text(wrapLine(line, 30, { indent: [{ text: '  ' }] }))).toEqual([
      '☐ #5 Check case xxxx',
      '  blocked by #1',
    ]);
    // Without `keep` the same line breaks inside the phrase.
    const plain: Line = [{ text: '☐ #5 Check case xxxx' }, { text: '  blocked by #1' }];
    expect(text(wrapLine(plain, 30, { indent: [{ text: '  ' }] }))).toEqual([
      '☐ #5 Check case xxxx  blocked',
      '  by #1',
    ]);
  });

  it('keeps the phrase on the row when it fits', () => {
    const line: Line = [{ text: '☐ #2 Parse' }, { text: '  @reviewer', keep: true }];
    expect(text(wrapLine(line, 40))).toEqual(['☐ #2 Parse  @reviewer']);
  });
});
