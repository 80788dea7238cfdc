import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Look } from './lines/look';
import { toAnsi, type Line } from './lines/spans';

/** One printed row; memoised, so an unchanged row costs nothing to reconcile. */
export const Row = memo(function Row({ text }: { text: string }) {
  return <Text>{text || ' '}</Text>;
});

/** Rows that are already laid out to fit the width. */
export function Rows({ rows, width, height }: { rows: string[]; width?: number; height?: number }) {
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {rows.map((row, index) => (
        <Row key={index} text={row} />
      ))}
    </Box>
  );
}

export function Lines({
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
}
