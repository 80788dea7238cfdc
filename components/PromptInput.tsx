import { memo, useMemo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { inputPlaceholder, promptInputLines } from './lines/prompt-input';
import type { Line } from './lines/spans';

/** The input's rows at this width: the App sizes the screen with them, PromptInput draws them. */
export function usePromptInputLines(width: number, maxRows: number): Line[] {
  const { look } = useApp();
  const input = useAppState((s) => s.input);
  const busy = useAppState((s) => s.status === 'busy');
  // Laid out again only when the input changes, not on every streamed frame.
  return useMemo(
    () =>
      promptInputLines(input, width, {
        look,
        placeholder: inputPlaceholder(busy, look),
        maxRows,
        focused: true,
      }),
    [input, width, look, busy, maxRows],
  );
}

/** The multi-line prompt with its cursor. Keys reach it through the App's keypress layer. */
export const PromptInput = memo(function PromptInput({
  width,
  maxRows,
}: {
  width: number;
  maxRows: number;
}) {
  const { look } = useApp();
  return <Lines lines={usePromptInputLines(width, maxRows)} look={look} width={width} />;
});
