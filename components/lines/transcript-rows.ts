import type { TranscriptItem } from '../../src/store/types';
import { committedBlock, type Block } from './transcript-blocks';

/** Part of a block on screen: its rows `from` (inclusive) to `to` (exclusive). */
export interface Slice {
  block: Block;
  from: number;
  to: number;
}

export interface TranscriptWindow {
  slices: Slice[];
  /** All rows of the session (committed and live); may lay out the items not shown yet. */
  readonly totalRows: number;
  /** Index of the first row shown; like `totalRows`. */
  readonly top: number;
}

/** How many rows a block takes at the width in use (the components' cached layouts). */
export type RowCount = (block: Block) => number;

interface Indexed {
  item: TranscriptItem;
  block: Block;
}

/**
 * Which blocks of the transcript are on screen. The committed items' row counts are kept
 * as running prefix sums (rebuilt after /clear, a resize or Ctrl+O); the window is cut
 * from them, or, when following, from the bottom, so a frame costs the visible blocks plus
 * the live tail however long the session is.
 */
export class TranscriptRows {
  private indexed: Indexed[] = [];
  private prefix: number[] = [0];
  private width = -1;
  /** What Ctrl+O expands (a key that changes when that does). */
  private expansion = '';

  /** Extends the prefix sums for appended items; rebuilds after /clear, a resize or Ctrl+O. */
  private index(items: TranscriptItem[], width: number, expansion: string, count: RowCount) {
    const n = this.indexed.length;
    const reusable =
      width === this.width &&
      expansion === this.expansion &&
      items.length >= n &&
      (n === 0 || (items[0] === this.indexed[0].item && items[n - 1] === this.indexed[n - 1].item));
    if (!reusable) {
      this.indexed = [];
      this.prefix = [0];
      this.width = width;
      this.expansion = expansion;
    }
    for (let i = this.indexed.length; i < items.length; i++) {
      const block = committedBlock(items[i]);
      this.indexed.push({ item: items[i], block });
      this.prefix.push(this.prefix[i] + count(block));
    }
  }

  /**
   * The blocks to show: the last `height` rows when following (`scrollTop` null), else
   * from `scrollTop`. Following counts only the items it shows, from the bottom up (a fast
   * stream commits many paragraphs that never reach the screen); `totalRows` counts the
   * rest when it is read (paging), once.
   */
  window(
    items: TranscriptItem[],
    live: Block[],
    height: number,
    scrollTop: number | null,
    width: number,
    expansion: string,
    count: RowCount,
  ): TranscriptWindow {
    if (scrollTop === null) return this.tail(items, live, height, width, expansion, count);
    this.index(items, width, expansion, count);
    const blocks = [...this.indexed.map((entry) => entry.block), ...live];
    const committed = this.prefix[this.prefix.length - 1];
    const liveCounts = live.map(count);
    const totalRows = committed + liveCounts.reduce((a, b) => a + b, 0);
    const top = Math.max(0, Math.min(scrollTop, Math.max(0, totalRows - height)));
    const slices: Slice[] = [];
    let index = top < committed ? this.findItem(top) : this.indexed.length;
    let start = index < this.indexed.length ? this.prefix[index] : committed;
    let shown = 0;
    for (; index < blocks.length && shown < height; index++) {
      const rows =
        index < this.indexed.length
          ? this.prefix[index + 1] - this.prefix[index]
          : liveCounts[index - this.indexed.length];
      const from = Math.max(0, top - start);
      const to = Math.min(rows, from + height - shown);
      if (to > from) {
        slices.push({ block: blocks[index], from, to });
        shown += to - from;
      }
      start += rows;
    }
    return { slices, totalRows, top };
  }

  /** The last `height` rows, gathered from the live tail and the last items upwards. */
  private tail(
    items: TranscriptItem[],
    live: Block[],
    height: number,
    width: number,
    expansion: string,
    count: RowCount,
  ): TranscriptWindow {
    const parts: { block: Block; rows: number }[] = [];
    let total = 0;
    for (let i = live.length - 1; i >= 0 && total < height; i--) {
      const rows = count(live[i]);
      parts.push({ block: live[i], rows });
      total += rows;
    }
    for (let i = items.length - 1; i >= 0 && total < height; i--) {
      const block = committedBlock(items[i]);
      const rows = count(block);
      parts.push({ block, rows });
      total += rows;
    }
    const slices: Slice[] = [];
    let skip = Math.max(0, total - height);
    for (let p = parts.length - 1; p >= 0; p--) {
      const { block, rows } = parts[p];
      const from = Math.min(skip, rows);
      skip -= from;
      if (rows > from) slices.push({ block, from, to: rows });
    }
    const all = () => {
      this.index(items, width, expansion, count);
      return (
        this.prefix[this.prefix.length - 1] + live.reduce((sum, block) => sum + count(block), 0)
      );
    };
    return {
      slices,
      get totalRows() {
        return all();
      },
      get top() {
        return Math.max(0, all() - height);
      },
    };
  }

  /** The item holding row `row` (binary search over the prefix sums). */
  private findItem(row: number): number {
    let low = 0;
    let high = this.indexed.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.prefix[mid] <= row) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
