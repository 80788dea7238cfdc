import type { InputState } from './types';

// Pure edits of the prompt text. The cursor moves by grapheme, so an emoji or a
// CJK character is one step and is never split.
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function previousBoundary(text: string, index: number): number {
  if (index <= 0) return 0;
  let last = 0;
  for (const { index: start } of segmenter.segment(text.slice(0, index))) last = start;
  return last;
}

function nextBoundary(text: string, index: number): number {
  if (index >= text.length) return text.length;
  const first = segmenter.segment(text.slice(index))[Symbol.iterator]().next();
  return first.done ? text.length : index + first.value.segment.length;
}

export const EMPTY_INPUT: InputState = { text: '', cursor: 0 };

export function insertText(input: InputState, text: string): InputState {
  const { text: value, cursor } = input;
  return {
    text: value.slice(0, cursor) + text + value.slice(cursor),
    cursor: cursor + text.length,
  };
}

export function deleteBackward(input: InputState): InputState {
  if (input.cursor === 0) return input;
  const start = previousBoundary(input.text, input.cursor);
  return { text: input.text.slice(0, start) + input.text.slice(input.cursor), cursor: start };
}

export function deleteForward(input: InputState): InputState {
  if (input.cursor >= input.text.length) return input;
  const end = nextBoundary(input.text, input.cursor);
  return { text: input.text.slice(0, input.cursor) + input.text.slice(end), cursor: input.cursor };
}

export function moveLeft(input: InputState): InputState {
  return { ...input, cursor: previousBoundary(input.text, input.cursor) };
}

export function moveRight(input: InputState): InputState {
  return { ...input, cursor: nextBoundary(input.text, input.cursor) };
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf('\n', cursor);
  return end === -1 ? text.length : end;
}

export function moveLineStart(input: InputState): InputState {
  return { ...input, cursor: lineStart(input.text, input.cursor) };
}

export function moveLineEnd(input: InputState): InputState {
  return { ...input, cursor: lineEnd(input.text, input.cursor) };
}

/** Up within a multi-line prompt; null on the first line (the caller browses history). */
export function moveUp(input: InputState): InputState | null {
  const start = lineStart(input.text, input.cursor);
  if (start === 0) return null;
  const column = input.cursor - start;
  const previousStart = lineStart(input.text, start - 1);
  return { ...input, cursor: Math.min(previousStart + column, start - 1) };
}

/** Down within a multi-line prompt; null on the last line. */
export function moveDown(input: InputState): InputState | null {
  const end = lineEnd(input.text, input.cursor);
  if (end === input.text.length) return null;
  const column = input.cursor - lineStart(input.text, input.cursor);
  const nextStart = end + 1;
  return { ...input, cursor: Math.min(nextStart + column, lineEnd(input.text, nextStart)) };
}

/** Ctrl+W: delete the word before the cursor. */
export function deleteWordBackward(input: InputState): InputState {
  const before = input.text.slice(0, input.cursor);
  const start = before.replace(/\S+\s*$|\s+$/, '').length;
  return { text: input.text.slice(0, start) + input.text.slice(input.cursor), cursor: start };
}

export function setText(text: string): InputState {
  return { text, cursor: text.length };
}
