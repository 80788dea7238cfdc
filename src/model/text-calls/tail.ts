/**
 * Where recovered calls may stand: a model that calls a tool stops and waits for the
 * result, so its calls end the answer. A run of blocks of one format from a candidate
 * position to the end (with white space, separators and end-of-turn tokens between and
 * after) is a call; the same markup followed by more prose is a quotation and stays text.
 */
import { matchAny, skipSpaces, specialTokenEnd } from './text-scan';
import type { FormatGrammar, ParseContext, TextCall, TextCallFormat } from './types';

export type TailVerdict =
  | {
      kind: 'calls';
      calls: TextCall[];
      format: TextCallFormat;
      /** A `</think>` followed the calls (they were inside a think block it closes). */
      closesThink: boolean;
    }
  /** It could still become calls; `opened`: an opener matched whole (not only its start). */
  | { kind: 'partial'; opened: boolean }
  | { kind: 'no' };

export interface TailContext extends ParseContext {
  /** Completing a block the text ended inside is allowed (not when the model hit its limit). */
  allowTruncated: boolean;
}

export function openerAt(
  grammar: FormatGrammar,
  text: string,
  at: number,
): 'yes' | 'partial' | 'no' {
  const { openers } = grammar;
  if (typeof openers === 'function') return openers(text, at);
  const found = matchAny(text, at, openers);
  return typeof found === 'object' ? 'yes' : found;
}

/** The best verdict of `grammars` for a tail starting at `at`. */
export function readTail(
  text: string,
  at: number,
  grammars: readonly FormatGrammar[],
  ctx: TailContext,
): TailVerdict {
  let partial: TailVerdict | undefined;
  for (const grammar of grammars) {
    const verdict = readRun(text, at, grammar, ctx);
    if (verdict.kind === 'calls') return verdict;
    if (verdict.kind === 'partial' && !(partial?.kind === 'partial' && partial.opened))
      partial = verdict;
  }
  return partial ?? { kind: 'no' };
}

function readRun(text: string, at: number, grammar: FormatGrammar, ctx: TailContext): TailVerdict {
  const opened = openerAt(grammar, text, at);
  if (opened === 'no' || (opened === 'partial' && ctx.final)) return { kind: 'no' };
  if (opened === 'partial') return { kind: 'partial', opened: false };
  const calls: TextCall[] = [];
  let format = grammar.format;
  let pos = at;
  for (;;) {
    const block = grammar.parse(text, pos, ctx);
    if (block.kind === 'partial') return { kind: 'partial', opened: true };
    if (block.kind === 'no') return { kind: 'no' };
    if (block.truncated && !ctx.allowTruncated) return { kind: 'no' };
    calls.push(...block.calls);
    format = block.format ?? format;
    pos = skipSeparator(text, skipSpaces(text, block.end), grammar);
    const next = openerAt(grammar, text, pos);
    if (next === 'yes') continue;
    if (next === 'partial' && !ctx.final && pos < text.length)
      return { kind: 'partial', opened: true };
    const rest = readEnd(text, pos);
    if (rest === 'partial') return ctx.final ? done(false) : { kind: 'partial', opened: true };
    if (rest === 'text') return { kind: 'no' };
    return ctx.final ? done(rest.closesThink) : { kind: 'partial', opened: true };
  }

  function done(closesThink: boolean): TailVerdict {
    return calls.length ? { kind: 'calls', calls, format, closesThink } : { kind: 'no' };
  }
}

function skipSeparator(text: string, at: number, grammar: FormatGrammar): number {
  const separator = grammar.separators?.find((mark) => text.startsWith(mark, at));
  return separator ? skipSpaces(text, at + separator.length) : at;
}

/**
 * After the calls only white space and end-of-turn tokens may come (and a stray closing
 * bracket: models close one JSON brace too many as often as one too few).
 */
function readEnd(text: string, at: number): { closesThink: boolean } | 'partial' | 'text' {
  let pos = at;
  let closesThink = false;
  for (;;) {
    pos = skipSpaces(text, pos);
    if (pos >= text.length) return { closesThink };
    if (text[pos] === '}' || text[pos] === ']') {
      pos += 1;
      continue;
    }
    const end = specialTokenEnd(text, pos);
    if (end === 'partial') return 'partial';
    if (end < 0) return 'text';
    if (text.startsWith('</think>', pos)) closesThink = true;
    pos = end;
  }
}
