import { memo } from 'react';
import type { Look } from './lines/look';
import { markdownLines } from './lines/markdown';
import { sanitizeText } from './lines/sanitize';
import type { StreamingMarkdown } from './lines/streaming-markdown';
import { Rows, sliceRows, toRow, type Row } from './Rows';

/** Text to lay out as Markdown; the object is the cache key (a transcript item, the live tail). */
export interface MarkdownSource {
  text: string;
}

interface Cached {
  width: number;
  look: Look;
  rows: Row[];
}

const laidOut = new WeakMap<MarkdownSource, Cached>();

/**
 * An answer's rows (a blank row, then the Markdown), kept per source object. The live
 * answer is laid out through `stream` (each frame parses only its tail); a committed
 * answer that continues what it laid out reuses that, so it is not laid out twice.
 */
export function markdownRows(
  source: MarkdownSource,
  width: number,
  look: Look,
  stream?: StreamingMarkdown,
  live = false,
): Row[] {
  const hit = laidOut.get(source);
  if (hit && hit.width === width && hit.look === look) return hit.rows;
  const text = sanitizeText(source.text);
  const lines =
    stream && (live || stream.continues(text, width, look))
      ? stream.lines(text, width, look)
      : markdownLines(text, width, look);
  const rows = ['', ...lines.map((line) => toRow(line, look))];
  laidOut.set(source, { width, look, rows });
  return rows;
}

export interface MarkdownProps {
  source: MarkdownSource;
  width: number;
  look: Look;
  /** The live answer's incremental layout; `live`: this source is the streaming answer. */
  stream?: StreamingMarkdown;
  live?: boolean;
  from?: number;
  to?: number;
}

/** Markdown laid out for the terminal: headings, lists, tables, emphasis, coloured code. */
export const Markdown = memo(function Markdown({
  source,
  width,
  look,
  stream,
  live = false,
  from = 0,
  to,
}: MarkdownProps) {
  const rows = markdownRows(source, width, look, stream, live);
  return <Rows rows={sliceRows(rows, from, to)} width={width} first={from} />;
});
