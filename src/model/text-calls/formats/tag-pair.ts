/**
 * A block that starts with one of several opening markers and may end with the marker's
 * closer: the grammars whose content has its own reader (JSON after `<|tool_call|>`,
 * Gemma's `call:` after `<|tool_call>`) share the markers' handling here.
 */
import { matchAny, matchWord, skipSpaces } from '../text-scan';
import type { BlockResult, ParseContext } from '../types';

/** An opening marker and its closer ('' when nothing closes it). */
export type TagPair = readonly [string, string];

export function readBetweenTags(
  text: string,
  at: number,
  ctx: ParseContext,
  pairs: readonly TagPair[],
  readInner: (text: string, at: number, ctx: ParseContext) => BlockResult,
): BlockResult {
  const found = matchAny(
    text,
    at,
    pairs.map(([open]) => open),
  );
  if (typeof found !== 'object') return found === 'partial' ? { kind: 'partial' } : { kind: 'no' };
  const closer = pairs.find(([open]) => open === found.word)?.[1] ?? '';
  const inner = readInner(text, at + found.word.length, ctx);
  if (inner.kind !== 'calls' || !closer) return inner;
  const close = skipSpaces(text, inner.end);
  const match = matchWord(text, close, closer);
  if (match === 'yes') return { ...inner, end: close + closer.length };
  // The closer may still be coming; once the text ended, an unclosed block is completed.
  return match === 'partial' && !ctx.final && close < text.length ? { kind: 'partial' } : inner;
}
