import { memo, useMemo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { inputPlaceholder, promptInputLayout, type InputLayout } from './lines/prompt-input';

/**
 * The input's rows at this width and where its caret is: the App sizes the screen with
 * them (and puts the terminal's cursor at the caret), PromptInput draws them.
 */
export function usePromptInputLayout(width: number, maxRows: number): InputLayout {
  const { look, terminalCursor } = useApp();
  const input = useAppState((s) => s.input);
  const busy = useAppState((s) => s.status === 'busy');
  // Laid out again only when the input changes, not on every streamed frame.
  return useMemo(
    () =>
      promptInputLayout(input, width, {
        look,
        placeholder: inputPlaceholder(busy, look),
        maxRows,
        focused: true,
        drawCaret: !terminalCursor,
      }),
    [input, width, look, busy, maxRows, terminalCursor],
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
  return <Lines lines={usePromptInputLayout(width, maxRows).lines} look={look} width={width} />;
});
