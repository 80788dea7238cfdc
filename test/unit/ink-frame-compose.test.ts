import { describe, expect, test } from 'vitest';
import Output from '../../node_modules/ink/build/output.js';
import { composeFrame, type OutputState } from '../../src/cli/ink-frame-compose';
import { inkOwnGet } from '../../src/cli/ink-patches';
import { screenDifferences, seenCells } from '../support/screen-cells';

type Transformer = (line: string, index: number) => string;
type Write = [x: number, y: number, text: string, transformers?: Transformer[]];

const WIDTH = 40;

function inkOutput(writes: Write[], size = { width: WIDTH, height: 6 }): Output {
  const out = new Output(size);
  for (const [x, y, text, transformers = []] of writes) out.write(x, y, text, { transformers });
  return out;
}

/** The same writes, as the fast path reads them. */
function output(writes: Write[], size = { width: WIDTH, height: 6 }): OutputState {
  return inkOutput(writes, size) as unknown as OutputState;
}

/** The fast frame and Ink's own, drawn on a terminal: the same cells, the same height. */
async function expectSameAsInk(writes: Write[], size = { width: WIDTH, height: 6 }) {
  const fast = composeFrame(output(writes, size));
  const ink = inkOwnGet.call(inkOutput(writes, size));
  expect(fast).toBeDefined();
  expect(fast?.height).toBe(ink.height);
  expect(fast?.output.split('\n')).toHaveLength(ink.output.split('\n').length);
  const rows = size.height + 1;
  const seen = await seenCells(fast?.output ?? '', size.width, rows);
  const expected = await seenCells(ink.output, size.width, rows);
  expect(screenDifferences(seen, expected)).toEqual([]);
  // Rows end where Ink's end: no trailing spaces kept that Ink trims, none trimmed it keeps.
  expect(fast?.output.split('\n').map((row) => row.length)).toEqual(
    ink.output.split('\n').map((row) => row.length),
  );
}

const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
const onBlue = (s: string) => `\x1b[44m${s}\x1b[49m`;

describe('composeFrame prints what Ink prints', () => {
  test('rows of styled text with CJK and emoji, and empty rows in between', async () => {
    await expectSameAsInk([
      [0, 0, `${bold('Title')} ${red('中文字')} 🎉 done`],
      [2, 2, `\x1b[4munderlined ${onBlue('and blue')} still underlined\x1b[24m`],
      [0, 4, '\x1b[38;2;10;200;30mtrue colour 👩‍👩‍👧 family\x1b[39m tail'],
    ]);
  });

  test('a segment that leaves its styles open does not colour the gap or the next column', async () => {
    await expectSameAsInk([
      [0, 0, '\x1b[41m\x1b[1mopen red'],
      [20, 0, 'plain panel'],
      [0, 1, '\x1b[7minverse to the end '],
      [0, 2, `\x1b[32mgreen`],
      [5, 2, 'touching, plain'],
      [0, 3, bold('bold')],
      [4, 3, '\x1b[2mdim next to bold\x1b[22m'],
    ]);
  });

  test('two columns written in any order, wide characters at the edges', async () => {
    await expectSameAsInk([
      [22, 0, `${red('│')} panel ✓ 完成`],
      [0, 0, '全角の行 at the left'],
      [22, 1, `${red('│')} ${bold('Todos 1/3')}`],
      [0, 1, 'left 🙂'],
      [38, 5, '终'],
    ]);
  });

  test('multi-line text, lines below the bottom dropped, transformers given each line', async () => {
    const numbered: Transformer = (line, index) => `${index}:${line}`;
    const shout: Transformer = (line) => bold(line.toUpperCase());
    await expectSameAsInk([
      [1, 3, 'one\ntwo\nthree\nfour', [numbered, shout]],
      [0, 0, 'a\n\nc'],
    ]);
  });

  test('text that only styles, or only spaces, prints like Ink', async () => {
    await expectSameAsInk([
      [0, 0, '\x1b[31m\x1b[39m'],
      [0, 1, '      '],
      [8, 1, onBlue('   ')],
      [0, 2, 'trailing spaces kept inside a style ' + onBlue('  ')],
    ]);
  });

  test('lines read by Ink’s own tokenizer (a link, a mark after an escape) print like Ink', async () => {
    await expectSameAsInk([
      [0, 0, '\x1b]8;;https://example.com\x07a link\x1b]8;;\x07 after'],
      [0, 1, '\x1b[1m\u0301 a mark after an escape\x1b[22m'],
      [30, 1, 'panel'],
    ]);
  });
});

describe('composeFrame leaves to Ink what it cannot print exactly', () => {
  test('a clip', () => {
    const out = inkOutput([[0, 0, 'inside']]);
    out.clip({ x1: 0, x2: 3, y1: undefined, y2: undefined });
    out.write(0, 1, 'clipped text', { transformers: [] });
    out.unclip();
    expect(composeFrame(out as unknown as OutputState)).toBeUndefined();
  });

  test('text written over other text on the same row', () => {
    expect(
      composeFrame(
        output([
          [0, 0, 'underneath'],
          [4, 0, 'over'],
        ]),
      ),
    ).toBeUndefined();
    // A wide character takes two columns: text in its second column overlaps it.
    expect(
      composeFrame(
        output([
          [0, 1, 'ab中'],
          [3, 1, 'x'],
        ]),
      ),
    ).toBeUndefined();
    expect(
      composeFrame(
        output([
          [0, 1, 'ab中'],
          [4, 1, 'x'],
        ]),
      ),
    ).toBeDefined();
  });

  test('text past the right edge, above the top or at a fractional column', () => {
    expect(composeFrame(output([[WIDTH - 3, 0, 'abcd']]))).toBeUndefined();
    expect(composeFrame(output([[WIDTH - 1, 0, '中']]))).toBeUndefined();
    expect(composeFrame(output([[WIDTH - 2, 0, '中']]))).toBeDefined();
    expect(composeFrame(output([[0, -1, 'above\nfirst row']]))).toBeUndefined();
    expect(composeFrame(output([[1.5, 0, 'between']]))).toBeUndefined();
  });

  test('a row that fitted last frame and no longer fits in a narrower one', () => {
    expect(composeFrame(output([[0, 0, 'x'.repeat(30)]]))).toBeDefined();
    const narrow = { width: 20, height: 6 };
    expect(composeFrame(output([[0, 0, 'x'.repeat(30)]], narrow))).toBeUndefined();
  });
});

describe('composeFrame prints what Ink 8 prints where Ink 8 changed', () => {
  test('a style that continues across a line break is reopened on the next row', async () => {
    await expectSameAsInk([
      [0, 0, '\x1b[1mbold on one line\nand still bold on the next\x1b[22m plain'],
      [2, 2, '\x1b[31m\x1b[44mred on blue\n中文 too\x1b[49m only red\nstill red\x1b[39m'],
      [30, 3, 'panel'],
    ]);
  });

  test('a style across a line break with transformers on each line', async () => {
    const numbered: Transformer = (line, index) => `${index}:${line}`;
    await expectSameAsInk([[0, 0, '\x1b[4munder\nlined\x1b[24m\nplain', [numbered]]]);
  });

  test('a one-line styled text is read whole before its transformers see it', async () => {
    const tagged: Transformer = (line, index) => `${red('>')}${line}[${line.length}:${index}]`;
    await expectSameAsInk([
      [0, 0, '\x1b[1m\x1b[1mbold twice\x1b[22m then \x1b[31m\x1b[39mnothing', [tagged]],
      [0, 1, 'zero\u200bwidth, transformed', [tagged]],
      [0, 2, '\x1b[4munderlined\x1b[24m alone'],
    ]);
  });

  test('default-ignorable characters standing alone take no cell', async () => {
    await expectSameAsInk([
      [0, 0, 'zero\u200bwidth space and soft\u00adhyphen'],
      [0, 1, `word\u2060joiner, ${bold('bold\u200b')} and a lone \ufe0f selector`],
      [0, 2, '\u200b\u200b'],
      [10, 2, 'after two ignorables'],
      [0, 3, 'emoji keep theirs: 👩‍💻 ❤️ 1️⃣ e\u0301'],
      [0, 4, `${red('\u200b')}right after`],
    ]);
  });
});
