import type { InputState } from '../src/store/types';
import { Lines } from './Lines';
import { promptInputLines, type InputView } from './lines/prompt-input';

export interface PromptInputProps extends InputView {
  input: InputState;
  width: number;
}

/** The multi-line prompt with its cursor. Keys reach it through the App's keypress layer. */
export function PromptInput({ input, width, ...view }: PromptInputProps) {
  return <Lines lines={promptInputLines(input, width, view)} look={view.look} width={width} />;
}
