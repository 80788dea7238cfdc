import type { TranscriptItem } from '../../src/store/types';
import { itemLines } from './items';
import type { Look } from './look';
import { markdownLines } from './markdown';
import { toAnsi } from './spans';
import type { StreamingMarkdown } from './streaming-markdown';

interface Cached {
  width: number;
  expanded: boolean;
  rows: string[];
}

export interface TranscriptWindow {
  rows: string[];
  /** All rows of the session (committed and live); may lay out the items not shown yet. */
  readonly totalRows: number;
  /** Index of the first row shown; like `totalRows`. */
  readonly top: number;
}

/**
 * The transcript as printable rows. A committed item is laid out once per width and
 * cached; the window is cut from a running prefix sum (or, when following, from the
 * bottom), so a frame costs the visible rows plus the live tail, however long the session is.
 */
export class TranscriptRows {
  private readonly cache = new WeakMap<TranscriptItem, Cached>();
  private indexed: TranscriptItem[] = [];
  private prefix: number[] = [0];
  private width = -1;
  private expandedId = -1;

  /** `stream`: the live answer's layout, reused when that answer is committed. */
  constructor(
    private readonly look: Look,
    private readonly stream?: StreamingMarkdown,
  ) {}

  private readonly markdown = (text: string, width: number, look: Look) =>
    this.stream?.continues(text, width, look)
      ? this.stream.lines(text, width, look)
      : markdownLines(text, width, look);

  rowsOf(item: TranscriptItem, width: number, expanded: boolean): string[] {
    const hit = this.cache.get(item);
    if (hit && hit.width === width && hit.expanded === expanded) return hit.rows;
    const view = { look: this.look, expanded, latest: false, markdown: this.markdown };
    const rows = itemLines(item, width, view).map((line) => toAnsi(line, this.look));
    this.cache.set(item, { width, expanded, rows });
    return rows;
  }

  /** Extends the prefix sums for appended items; rebuilds after /clear, a resize or Ctrl+O. */
  private index(items: TranscriptItem[], width: number, expandedId: number): void {
    const reusable =
      width === this.width &&
      expandedId === this.expandedId &&
      items.length >= this.indexed.length &&
      (this.indexed.length === 0 ||
        (items[0] === this.indexed[0] &&
          items[this.indexed.length - 1] === this.indexed[this.indexed.length - 1]));
    if (!reusable) {
      this.indexed = [];
      this.prefix = [0];
      this.width = width;
      this.expandedId = expandedId;
    }
    for (let i = this.indexed.length; i < items.length; i++) {
      const item = items[i];
      this.indexed.push(item);
      this.prefix.push(this.prefix[i] + this.rowsOf(item, width, item.id === expandedId).length);
    }
  }

  /**
   * The rows to show: the last `height` when following (`scrollTop` null), else from
   * `scrollTop`. Following lays out only the items it shows, from the bottom up (a fast
   * stream commits many paragraphs that never reach the screen); `totalRows` lays out the
   * rest when it is read (paging), once.
   */
  window(
    items: TranscriptItem[],
    live: string[],
    width: number,
    height: number,
    scrollTop: number | null,
    expandedId: number,
  ): TranscriptWindow {
    if (scrollTop === null) return this.tail(items, live, width, height, expandedId);
    this.index(items, width, expandedId);
    const committed = this.prefix[this.prefix.length - 1];
    const totalRows = committed + live.length;
    const bottom = Math.max(0, totalRows - height);
    const top = Math.max(0, Math.min(scrollTop, bottom));
    const rows: string[] = [];
    if (top < committed) {
      let itemIndex = this.findItem(top);
      let offset = top - this.prefix[itemIndex];
      while (rows.length < height && itemIndex < this.indexed.length) {
        const item = this.indexed[itemIndex];
        const itemRows = this.rowsOf(item, width, item.id === expandedId);
        while (offset < itemRows.length && rows.length < height) rows.push(itemRows[offset++]);
        itemIndex += 1;
        offset = 0;
      }
    }
    for (let i = Math.max(0, top - committed); i < live.length && rows.length < height; i++)
      rows.push(live[i]);
    return { rows, totalRows, top };
  }

  /** The last `height` rows, gathered from the live tail and the last items upwards. */
  private tail(
    items: TranscriptItem[],
    live: string[],
    width: number,
    height: number,
    expandedId: number,
  ): TranscriptWindow {
    const parts: string[][] = [live];
    let count = live.length;
    for (let i = items.length - 1; i >= 0 && count < height; i--) {
      const itemRows = this.rowsOf(items[i], width, items[i].id === expandedId);
      parts.push(itemRows);
      count += itemRows.length;
    }
    const rows: string[] = [];
    let skip = Math.max(0, count - height);
    for (let p = parts.length - 1; p >= 0; p--) {
      const part = parts[p];
      const from = Math.min(skip, part.length);
      skip -= from;
      for (let r = from; r < part.length; r++) rows.push(part[r]);
    }
    const total = () => {
      this.index(items, width, expandedId);
      return this.prefix[this.prefix.length - 1] + live.length;
    };
    return {
      rows,
      get totalRows() {
        return total();
      },
      get top() {
        return Math.max(0, total() - height);
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
