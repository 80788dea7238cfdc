import { describe, expect, test } from 'vitest';
import {
  currentItems,
  itemWindow,
  maxItemTop,
  shownCost,
  summarisedItems,
  type ItemStatus,
} from '../../components/lines/plan-window';

/** Statuses from a string: d done, a in progress, p pending. */
function statuses(text: string): ItemStatus[] {
  return [...text].map((c) => (c === 'd' ? 'completed' : c === 'a' ? 'in_progress' : 'pending'));
}

const ones = (count: number) => Array<number>(count).fill(1);

describe('currentItems', () => {
  test('every item in progress; else the first unfinished one; else the last', () => {
    expect(currentItems(statuses('ddapap'))).toEqual([2, 4]);
    expect(currentItems(statuses('ddpp'))).toEqual([2]);
    expect(currentItems(statuses('ddd'))).toEqual([2]);
  });
});

describe('shownCost', () => {
  test('the rows of the items, and one row per run of hidden items between them', () => {
    expect(shownCost([1, 2, 1, 1, 1], new Set([0, 1]))).toBe(3);
    expect(shownCost([1, 2, 1, 1, 1], new Set([0, 3]))).toBe(3);
    expect(shownCost([1, 2, 1, 1, 1], new Set([0, 2, 4]))).toBe(5);
  });
});

describe('summarisedItems', () => {
  test('one item in progress: the one before it, those after it, then earlier ones', () => {
    expect(summarisedItems(ones(12), statuses('ddddddapppppp'.slice(0, 12)), 3)).toEqual([5, 6, 7]);
    expect(summarisedItems(ones(6), statuses('ddddap'), 4)).toEqual([2, 3, 4, 5]);
  });

  test('every item in progress shows, the items between them counted in one row', () => {
    const list = statuses(`dd${'a'}${'p'.repeat(20)}a${'p'.repeat(5)}`);
    const shown = summarisedItems(ones(list.length), list, 6);
    expect(shown).toContain(2);
    expect(shown).toContain(23);
    expect(shownCost(ones(list.length), new Set(shown))).toBeLessThanOrEqual(6);
    // The item before the first one in progress, then the ones after it while room is left.
    expect(shown).toEqual([1, 2, 3, 4, 23]);
  });

  test('in progress items that do not fit: the first always (it is cut), then those that fit', () => {
    expect(summarisedItems([5, 1, 1], statuses('apa'), 2)).toEqual([0]);
    // 0 and 2 fit (a row counts 1 between them); 4 does not; 1 then fills the gap.
    expect(summarisedItems([1, 1, 1, 1, 1], statuses('apapa'), 3)).toEqual([0, 1, 2]);
    expect(summarisedItems([1, 2, 1, 1, 1], statuses('apapa'), 3)).toEqual([0, 2]);
  });

  test('a gap closed by filling it costs no row of its own', () => {
    // 0 and 2 in progress: showing 1 joins them (3 rows, no gap row).
    expect(summarisedItems(ones(5), statuses('apapp'), 3)).toEqual([0, 1, 2]);
  });

  test('nothing for an empty list', () => {
    expect(summarisedItems([], [], 5)).toEqual([]);
  });
});

describe('itemWindow', () => {
  test('null follows the work: the item before the first in progress heads it', () => {
    expect(itemWindow(ones(40), null, 19, 11)).toEqual({
      top: 10,
      count: 19,
      maxTop: 21,
      page: 18,
      total: 40,
    });
  });

  test('top is kept within 0…maxTop, where the last item is in view', () => {
    expect(itemWindow(ones(40), 99, 19, 0).top).toBe(21);
    expect(itemWindow(ones(40), -3, 19, 0).top).toBe(0);
    expect(itemWindow(ones(40), null, 19, 39).top).toBe(21);
  });

  test('tall items: the window counts items, the last one may be cut', () => {
    const heights = [2, 2, 2, 2];
    expect(itemWindow(heights, 0, 3, 0)).toMatchObject({ top: 0, count: 2, maxTop: 3, page: 1 });
    expect(maxItemTop(heights, 3)).toBe(3);
  });

  test('an item taller than the window still scrolls to the last one', () => {
    expect(maxItemTop([1, 1, 9], 3)).toBe(2);
  });

  test('a list that fits: nothing to scroll', () => {
    expect(itemWindow(ones(5), 3, 10, 0)).toMatchObject({ top: 0, count: 5, maxTop: 0 });
  });

  test('no rows at all: no item shown, a page is still one item', () => {
    expect(itemWindow(ones(5), 2, 0, 0)).toMatchObject({ count: 0, page: 1 });
  });
});
