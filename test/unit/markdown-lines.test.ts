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

describe('a Markdown table wider than the terminal', () => {
  const wide = [
    '| file | what changed | why |',
    '| --- | --- | ---: |',
    '| src/cart/total.ts | the total now rounds each line before summing, not the sum at the end | a cart of three 0.1 items showed 0.30000000000000004 |',
    '| test/cart.test.ts | a case for the rounding | 12 |',
  ].join('\n');
  const bars = (row: string) => [...row].flatMap((char, at) => (char === '│' ? [at] : []));

  it('shrinks its columns to the width and wraps inside the cells; the borders line up', () => {
    const rows = shown(markdownLines(wide, 60, UNICODE));
    for (const row of rows) expect(row.length, row).toBeLessThanOrEqual(60);
    const cellRows = rows.filter((row) => row.includes('│'));
    expect(cellRows.length).toBeGreaterThan(4);
    // Every row of every cell has its borders at the same columns as the header's.
    for (const row of cellRows) expect(bars(row.padEnd(60)), row).toEqual(bars(cellRows[0]));
    // No word is lost or broken: the cells' words, read column by column, are all there.
    const words = (column: number) =>
      cellRows
        .map((row) => row.split('│')[column]?.trim() ?? '')
        .join(' ')
        .split(/\s+/)
        .filter(Boolean);
    expect(words(1)).toEqual(
      'what changed the total now rounds each line before summing, not the sum at the end a case for the rounding'.split(
        ' ',
      ),
    );
    expect(words(0)).toEqual(['file', 'src/cart/total.ts', 'test/cart.test.ts']);
    // The rule under the header spans the table.
    expect(rows[rows.findIndex((row) => row.startsWith('file')) + 1]).toMatch(/^─+$/);
  });

  it('a right-aligned column stays right-aligned on each row of its wrapped cells', () => {
    const rows = shown(markdownLines(wide, 60, UNICODE));
    const cellRows = rows.filter((row) => row.includes('│'));
    const right = cellRows[0].length;
    const whyRows = cellRows.filter((row) => row.split('│')[2].trim());
    expect(whyRows.length).toBeGreaterThan(3);
    for (const row of whyRows) expect(row.length, row).toBe(right);
  });

  it('too narrow for its columns: each row is cut with a marker, never wrapped into pieces', () => {
    const many = [
      '| a | b | c | d | e | f | g | h |',
      '|---|---|---|---|---|---|---|---|',
      '| 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |',
    ].join('\n');
    const rows = shown(markdownLines(many, 12, UNICODE));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(12);
    expect(rows[0]).toMatch(/…$/);
    expect(rows[2]).toMatch(/^1 │ 2 │ .*…$/);
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
