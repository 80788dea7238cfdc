import { memo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';

/** The multi-line prompt with its cursor. Keys reach it through the App's keypress layer. */
export const PromptInput = memo(function PromptInput({
  width,
  maxRows,
}: {
  width: number;
  maxRows: number;
}) {
  const { layout, look } = useApp();
  const { lines } = useAppState((state) => layout.input(state, width, maxRows));
  return <Lines lines={lines} look={look} width={width} />;
});
