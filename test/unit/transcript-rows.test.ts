import { describe, expect, test } from 'vitest';
import type { Block } from '../../components/lines/transcript-blocks';
import { TranscriptRows, type TranscriptWindow } from '../../components/lines/transcript-rows';
import type { TranscriptItem } from '../../src/store/types';
import { lookOf } from '../../src/tools/registry';

function transcript(count: number, from = 0): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  for (let id = from; id < from + count; id++) {
    if (id % 3 === 0) items.push({ kind: 'assistant', id, text: `part ${id}`, continued: true });
    else if (id % 3 === 1)
      items.push({
        kind: 'tool',
        id,
        gap: false,
        card: {
          id: `c${id}`,
          name: 'bash',
          look: lookOf('bash'),
          summary: `echo ${id}`,
          status: 'ok',
          output: '',
        },
      });
    else items.push({ kind: 'info', id, text: `note ${id}`, tone: 'dim' });
  }
  return items;
}

const live: Block[] = [
  { kind: 'answer', key: 'live-answer', source: { text: 'so far' }, live: true },
  {
    kind: 'card',
    key: 'cx',
    card: {
      id: 'x',
      name: 'bash',
      look: lookOf('bash'),
      summary: 'ls',
      status: 'running',
      output: '',
    },
    gap: true,
    live: true,
  },
];

/** Each block is 1 to 4 rows tall (by its key), a 'c1' block 3 rows under Ctrl+O. */
function counter(expandedKey = '', seen: string[] = []) {
  return (block: Block) => {
    seen.push(block.key);
    const base = (block.key.length % 4) + 1;
    return block.key === expandedKey ? base + 2 : base;
  };
}

/** The rows a window shows, named `key:row`. */
function named(view: TranscriptWindow): string[] {
  return view.slices.flatMap(({ block, from, to }) =>
    Array.from({ length: to - from }, (_, i) => `${block.key}:${from + i}`),
  );
}

function everyRow(items: TranscriptItem[], liveBlocks: Block[], count = counter()): string[] {
  return named(new TranscriptRows().window(items, liveBlocks, 1_000_000, 0, 60, '', count));
}

describe('TranscriptRows', () => {
  test('following shows the last rows of the whole transcript, and counts them all', () => {
    const items = transcript(40);
    const all = everyRow(items, live);
    for (const height of [1, 2, 3, 7, 30, all.length, all.length + 5]) {
      const view = new TranscriptRows().window(items, live, height, null, 60, '', counter());
      expect(named(view)).toEqual(all.slice(Math.max(0, all.length - height)));
      expect(view.totalRows).toBe(all.length);
      expect(view.top).toBe(Math.max(0, all.length - height));
    }
  });

  test('scrolled windows cut the same rows, and a follow after appending stays right', () => {
    const rows = new TranscriptRows();
    const items = transcript(30);
    const all = everyRow(items, []);
    expect(named(rows.window(items, [], 10, 5, 60, '', counter()))).toEqual(all.slice(5, 15));
    const more = [...items, ...transcript(6, 30)];
    const allMore = everyRow(more, []);
    const follow = rows.window(more, [], 10, null, 60, '', counter());
    expect(named(follow)).toEqual(allMore.slice(-10));
    expect(follow.totalRows).toBe(allMore.length);
    expect(named(rows.window(more, [], 10, 0, 60, '', counter()))).toEqual(allMore.slice(0, 10));
  });

  test('a scrolled window reaching into the live tail shows its rows after the committed ones', () => {
    const items = transcript(5);
    const all = everyRow(items, live);
    const view = new TranscriptRows().window(items, live, 6, all.length - 6, 60, '', counter());
    expect(named(view)).toEqual(all.slice(-6));
    expect(named(view).some((row) => row.startsWith('cx:'))).toBe(true);
  });

  test('Ctrl+O on a committed card re-counts it, and the window follows', () => {
    const items = transcript(9);
    const rows = new TranscriptRows();
    const before = rows.window(items, [], 1000, 0, 60, '', counter()).totalRows;
    const after = rows.window(items, [], 1000, 0, 60, 'i4', counter('i4')).totalRows;
    expect(after).toBe(before + 2);
  });

  test('following counts only the blocks it shows until the total is asked for', () => {
    const seen: string[] = [];
    const items = transcript(300);
    const view = new TranscriptRows().window(items, [], 12, null, 60, '', counter('', seen));
    expect(named(view)).toHaveLength(12);
    expect(seen.length).toBeLessThan(15);
    expect(view.totalRows).toBe(everyRow(items, []).length);
    expect(seen.length).toBeGreaterThanOrEqual(300);
  });
});
