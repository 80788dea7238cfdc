import { describe, expect, test } from 'vitest';
import type { StreamingMarkdown } from '../../components/lines/streaming-markdown';
import { TranscriptRows } from '../../components/lines/transcript-rows';
import type { TranscriptItem } from '../../src/store/types';

const look = { color: true, unicode: true };

function transcript(count: number): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  for (let id = 0; id < count; id++) {
    if (id % 3 === 0)
      items.push({
        kind: 'assistant',
        id,
        text: `## Part ${id}\n\nSome *text* ${id}.`,
        continued: true,
      });
    else if (id % 3 === 1)
      items.push({
        kind: 'tool',
        id,
        gap: id % 2 === 0,
        card: {
          id: `c${id}`,
          name: 'bash',
          summary: `echo ${id}`,
          status: 'ok',
          output: `${id}\n`,
        },
      });
    else items.push({ kind: 'info', id, text: `note ${id}`, tone: 'dim' });
  }
  return items;
}

/** Every row, laid out by a fresh instance through the scrolled path. */
function allRows(items: TranscriptItem[], live: string[], width: number): string[] {
  return new TranscriptRows(look).window(items, live, width, 1_000_000, 0, -1).rows;
}

describe('TranscriptRows', () => {
  test('following shows the last rows of the whole transcript, and counts them all', () => {
    const items = transcript(40);
    const live = ['live one', 'live two'];
    const all = allRows(items, live, 60);
    for (const height of [1, 2, 3, 7, 30, all.length, all.length + 5]) {
      const view = new TranscriptRows(look).window(items, live, 60, height, null, -1);
      expect(view.rows).toEqual(all.slice(Math.max(0, all.length - height)));
      expect(view.totalRows).toBe(all.length);
      expect(view.top).toBe(Math.max(0, all.length - height));
    }
  });

  test('scrolled windows cut the same rows, and a follow after appending stays right', () => {
    const rows = new TranscriptRows(look);
    const items = transcript(30);
    const all = allRows(items, [], 50);
    expect(rows.window(items, [], 50, 10, 5, -1).rows).toEqual(all.slice(5, 15));
    const more = [...items, ...transcript(36).slice(30)];
    const allMore = allRows(more, [], 50);
    const follow = rows.window(more, [], 50, 10, null, -1);
    expect(follow.rows).toEqual(allMore.slice(-10));
    expect(follow.totalRows).toBe(allMore.length);
    expect(rows.window(more, [], 50, 10, 0, -1).rows).toEqual(allMore.slice(0, 10));
  });

  test('following lays out only the items it shows until the total is asked for', () => {
    let laidOut = 0;
    const counting = {
      continues: () => {
        laidOut += 1;
        return false;
      },
    } as unknown as StreamingMarkdown;
    const rows = new TranscriptRows(look, counting);
    const items = transcript(300);
    const view = rows.window(items, [], 60, 12, null, -1);
    expect(view.rows).toHaveLength(12);
    expect(laidOut).toBeLessThan(10);
    expect(view.totalRows).toBe(allRows(items, [], 60).length);
    expect(laidOut).toBe(100);
  });
});
