import { memo } from 'react';
import { entryLines, type EntryItem, type LiveReasoning } from './lines/items';
import type { Look } from './lines/look';
import { Rows, sliceRows, toRow, type Row } from './Rows';

interface Cached {
  width: number;
  look: Look;
  expanded: boolean;
  rows: Row[];
}

const laidOut = new WeakMap<EntryItem | LiveReasoning, Cached>();

/** An entry's rows, laid out once per width (and Ctrl+O state) and kept with the item. */
export function entryRows(
  item: EntryItem | LiveReasoning,
  width: number,
  look: Look,
  expanded = false,
): Row[] {
  const hit = laidOut.get(item);
  if (hit && hit.width === width && hit.look === look && hit.expanded === expanded) return hit.rows;
  const rows = entryLines(item, width, look, expanded).map((line) => toRow(line, look));
  laidOut.set(item, { width, look, expanded, rows });
  return rows;
}

export interface TranscriptEntryProps {
  item: EntryItem | LiveReasoning;
  width: number;
  look: Look;
  /** Ctrl+O: reasoning in full. */
  expanded?: boolean;
  from?: number;
  to?: number;
}

/** A prompt, a note, the banner, a reasoning line or a todo list in the transcript. */
export const TranscriptEntry = memo(function TranscriptEntry({
  item,
  width,
  look,
  expanded = false,
  from = 0,
  to,
}: TranscriptEntryProps) {
  const rows = entryRows(item, width, look, expanded);
  return <Rows rows={sliceRows(rows, from, to)} width={width} first={from} />;
});
