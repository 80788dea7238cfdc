import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Look } from './lines/look';
import { toAnsi, type Line } from './lines/spans';

/**
 * One printed row; memoised, so an unchanged row costs nothing to reconcile. Rows are laid
 * out to fit already; one that does not is cut, never wrapped, so it cannot push the rows
 * below it out of place.
 */
export const Row = memo(function Row({ text }: { text: string }) {
  return <Text wrap="truncate-end">{text || ' '}</Text>;
});

/**
 * Rows that are already laid out to fit the width. No `overflow="hidden"`: Ink would cut
 * every row of every frame to the box (slice-ansi), though none is wider.
 */
export function Rows({ rows, width, height }: { rows: string[]; width?: number; height?: number }) {
  return (
    <Box flexDirection="column" width={width} height={height}>
      {(height === undefined ? rows : rows.slice(0, height)).map((row, index) => (
        <Row key={index} text={row} />
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
  return <Rows rows={lines.map((line) => toAnsi(line, look))} width={width} height={height} />;
});
