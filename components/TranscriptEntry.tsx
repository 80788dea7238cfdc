import { memo } from 'react';
import { entryLines, type EntryItem, type LiveReasoning } from './lines/items';
import type { Look } from './lines/look';
import { Rows, sliceRows, toRow, type Row } from './Rows';

interface Cached {
  width: number;
  look: Look;
  rows: Row[];
}

const laidOut = new WeakMap<EntryItem | LiveReasoning, Cached>();

/** An entry's rows, laid out once per width and kept with the item. */
export function entryRows(item: EntryItem | LiveReasoning, width: number, look: Look): Row[] {
  const hit = laidOut.get(item);
  if (hit && hit.width === width && hit.look === look) return hit.rows;
  const rows = entryLines(item, width, look).map((line) => toRow(line, look));
  laidOut.set(item, { width, look, rows });
  return rows;
}

export interface TranscriptEntryProps {
  item: EntryItem | LiveReasoning;
  width: number;
  look: Look;
  from?: number;
  to?: number;
}

/** A prompt, a note, the banner, a reasoning line or a todo list in the transcript. */
export const TranscriptEntry = memo(function TranscriptEntry({
  item,
  width,
  look,
  from = 0,
  to,
}: TranscriptEntryProps) {
  const rows = entryRows(item, width, look);
  return <Rows rows={sliceRows(rows, from, to)} width={width} first={from} />;
});
