import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { statusLine, statusSourceOf, statusViewOf } from './lines/status-line';

/** Model, mode, tokens, the turn's time (with a spinner) and key hints, on one row. */
export const StatusLine = memo(function StatusLine({ width }: { width: number }) {
  const { look } = useApp();
  const source = useAppState(useShallow(statusSourceOf));
  const line = statusLine(statusViewOf(source, look, Date.now()), width);
  return <Lines lines={[line]} look={look} width={width} />;
});
