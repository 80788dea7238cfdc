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

// A word is letters, digits, marks and underscores, as readline's Alt+B/F have it; anything
// else (spaces, punctuation, line breaks) lies between words.
const TRAILING_WORD = /[\p{L}\p{N}\p{M}_]*[^\p{L}\p{N}\p{M}_]*$/u;
const LEADING_WORD = /^[^\p{L}\p{N}\p{M}_]*[\p{L}\p{N}\p{M}_]*/u;

function wordStartBefore(text: string, cursor: number): number {
  const before = text.slice(0, cursor);
  return before.length - (TRAILING_WORD.exec(before)?.[0].length ?? 0);
}

function wordEndAfter(text: string, cursor: number): number {
  return cursor + (LEADING_WORD.exec(text.slice(cursor))?.[0].length ?? 0);
}

/** Ctrl+Left, Alt+B: to the start of this word, or of the one before. */
export function moveWordLeft(input: InputState): InputState {
  return { ...input, cursor: wordStartBefore(input.text, input.cursor) };
}

/** Ctrl+Right, Alt+F: to the end of this word, or of the next one. */
export function moveWordRight(input: InputState): InputState {
  return { ...input, cursor: wordEndAfter(input.text, input.cursor) };
}

/** Alt+Backspace: delete back to where Alt+B would go. */
export function deleteWordBefore(input: InputState): InputState {
  const start = wordStartBefore(input.text, input.cursor);
  return { text: input.text.slice(0, start) + input.text.slice(input.cursor), cursor: start };
}

/** Alt+D: delete forward to where Alt+F would go. */
export function deleteWordAfter(input: InputState): InputState {
  const end = wordEndAfter(input.text, input.cursor);
  return { text: input.text.slice(0, input.cursor) + input.text.slice(end), cursor: input.cursor };
}

export function setText(text: string): InputState {
  return { text, cursor: text.length };
}
