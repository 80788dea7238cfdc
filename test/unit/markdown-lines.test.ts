import { describe, expect, it } from 'vitest';
import { markdownLines } from '../../components/lines/markdown';
import type { Line } from '../../components/lines/spans';
import { wrapLine } from '../../components/lines/wrap';

const UNICODE = { color: true, unicode: true };
const ASCII = { color: false, unicode: false };

const text = (line: Line): string => line.map((span) => span.text).join('');
const shown = (rows: Line[]): string[] => rows.map((row) => text(row).trimEnd());

describe('Markdown tables', () => {
  const table = [
    '| name | size | state |',
    '| :--- | ---: | :---: |',
    '| a | 1 | ok |',
    '| bbbb | 1234 | pending |',
  ].join('\n');

  it.each([
    ['UTF-8', UNICODE, '│', '─'],
    ['not UTF-8 (ASCII borders)', ASCII, '|', '-'],
  ])('right-aligns `---:` columns and centres `:---:` ones; locale %s', (_, look, bar, rule) => {
    expect(shown(markdownLines(table, 80, look))).toEqual([
      `name ${bar} size ${bar}  state`,
      rule.repeat(21),
      `a    ${bar}    1 ${bar}   ok`,
      `bbbb ${bar} 1234 ${bar} pending`,
    ]);
  });
});

describe('wrapping keeps punctuation with the word before it', () => {
  it('the . after a link (url) stays on the url’s row', () => {
    // "see the docs (https://example.com)" is 34 columns: the "." makes 35.
    const rows = shown(markdownLines('see the [docs](https://example.com).', 34, UNICODE));
    expect(rows).toEqual(['see the docs', '(https://example.com).']);
  });

  it('a word made of several styled parts wraps as one', () => {
    const line: Line = [
      { text: 'aaa bbb ' },
      { text: 'bold', style: { bold: true } },
      { text: ', then' },
    ];
    expect(wrapLine(line, 12).map(text)).toEqual(['aaa bbb', 'bold, then']);
  });

  it('a word longer than the row is still broken between characters', () => {
    expect(wrapLine([{ text: 'ab ' }, { text: 'cdefgh' }, { text: 'ij' }], 5).map(text)).toEqual([
      'ab cd',
      'efghi',
      'j',
    ]);
  });
});
