import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { memo } from 'react';
import { spinnerType, type Look } from './lines/look';
import { spanAnsi, styleOpen, type Line } from './lines/spans';

/** A row with a spinner in it: printed text on both sides of ink-spinner's glyph. */
export interface SpinnerRow {
  before: string;
  /** The spinner's style (its colour), opened before it and reset after. */
  open: string;
  after: string;
  type: 'dots' | 'line';
}

/** A printed row: laid-out text, or text around a spinner. */
export type Row = string | SpinnerRow;

/** A laid-out line as a row; a spinner span becomes a live spinner. */
export function toRow(line: Line, look: Look): Row {
  const at = line.findIndex((part) => part.spinner);
  if (at === -1) return line.map((part) => spanAnsi(part, look)).join('');
  const open = styleOpen(line[at].style, look);
  return {
    before: line
      .slice(0, at)
      .map((part) => spanAnsi(part, look))
      .join(''),
    open,
    after:
      (open ? '\x1b[0m' : '') +
      line
        .slice(at + 1)
        .map((part) => spanAnsi(part, look))
        .join(''),
    type: spinnerType(look),
  };
}

/**
 * One printed row; memoised, so an unchanged row costs nothing to reconcile. Rows are laid
 * out to fit already; one that does not is cut, never wrapped, so it cannot push the rows
 * below it out of place. A spinner row mounts ink-spinner, which turns on its own timer
 * (the frame scheduler paces the frames it causes); it unmounts when the row changes back.
 */
export const RowView = memo(function RowView({ row }: { row: Row }) {
  if (typeof row === 'string') return <Text wrap="truncate-end">{row || ' '}</Text>;
  return (
    <Text wrap="truncate-end">
      {row.before}
      {row.open}
      <Spinner type={row.type} />
      {row.after}
    </Text>
  );
});

/** The rows `from` (inclusive) to `to` (exclusive; the end when undefined) of a block. */
export function sliceRows(rows: Row[], from = 0, to?: number): Row[] {
  return from === 0 && to === undefined ? rows : rows.slice(from, to);
}

/**
 * Rows that are already laid out to fit the width. No `overflow="hidden"`: Ink would cut
 * every row of every frame to the box (slice-ansi), though none is wider. `first`: the
 * index of the first row within its block, so a row keeps its key (and its memoised
 * view) while the block scrolls.
 */
export function Rows({
  rows,
  width,
  height,
  first = 0,
}: {
  rows: Row[];
  width?: number;
  height?: number;
  first?: number;
}) {
  return (
    <Box flexDirection="column" width={width} height={height}>
      {(height === undefined ? rows : rows.slice(0, height)).map((row, index) => (
        <RowView key={first + index} row={row} />
      ))}
    </Box>
  );
}

/** Memoised: a part whose lines are the same array as last frame is not converted again. */
export const Lines = memo(function Lines({
  lines,
  look,
  width,
  height,
}: {
  lines: Line[];
  look: Look;
  width?: number;
  height?: number;
}) {
  return <Rows rows={lines.map((line) => toRow(line, look))} width={width} height={height} />;
});
