/**
 * Calls between special tokens. DeepSeek V3/R1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>
 * function<｜tool▁sep｜>NAME\n```json\nARGS\n```<｜tool▁call▁end｜>...<｜tool▁calls▁end｜>`;
 * DeepSeek V3.1: `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>ARGS<｜tool▁call▁end｜>`. Kimi K2:
 * `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>
 * ARGS<|tool_call_end|>...<|tool_calls_section_end|>`, the tokens possibly spaced.
 * DeepSeek's tokens use fullwidth bars and `▁`; detokenisers and templates also write them
 * with `|`, `_` or spaces, so each token is matched in all those spellings.
 */
import { argumentsText, isCallName } from '../call-shape';
import { skipSpaces } from '../text-scan';
import type { FormatGrammar, ParseContext, TextCall, TextCallFormat } from '../types';

interface TokenSpellings {
  pattern: RegExp;
  canonical: readonly string[];
}

const spellings = new Map<readonly string[], TokenSpellings>();

/** The pattern of a token in every spelling, and its two usual spellings (built once). */
function spellingsOf(words: readonly string[]): TokenSpellings {
  let found = spellings.get(words);
  if (!found) {
    found = {
      pattern: new RegExp(`^<[｜|]${words.join('(?:▁|_| |\\\\_)')}[｜|]>`),
      canonical: [`<｜${words.join('▁')}｜>`, `<|${words.join('_')}|>`],
    };
    spellings.set(words, found);
  }
  return found;
}

/** A token `<｜w1▁w2｜>` in any spelling: its end, 'partial', or -1. */
function tokenAt(text: string, at: number, words: readonly string[]): number | 'partial' {
  const ch = text[at + 1];
  if (text[at] !== '<' || (ch !== undefined && ch !== '|' && ch !== '｜')) return -1;
  const { pattern, canonical } = spellingsOf(words);
  const match = pattern.exec(text.slice(at, at + 64));
  if (match) return at + match[0].length;
  const rest = text.slice(at);
  return rest.length < 64 && canonical.some((token) => token.startsWith(rest)) && rest
    ? 'partial'
    : -1;
}

/** The first of several tokens at or after `from`: where it starts and ends. */
function findToken(
  text: string,
  from: number,
  tokens: readonly (readonly string[])[],
): { start: number; end: number; which: number } | undefined {
  for (let i = text.indexOf('<', from); i !== -1; i = text.indexOf('<', i + 1)) {
    for (let which = 0; which < tokens.length; which += 1) {
      const end = tokenAt(text, i, tokens[which]);
      if (typeof end === 'number' && end >= 0) return { start: i, end, which };
    }
  }
  return undefined;
}

const CALLS_BEGIN = ['tool', 'calls', 'begin'];
const CALLS_END = ['tool', 'calls', 'end'];
const CALL_BEGIN = ['tool', 'call', 'begin'];
const CALL_END = ['tool', 'call', 'end'];
const SEP = ['tool', 'sep'];
const KIMI_SECTION_BEGIN = ['tool', 'calls', 'section', 'begin'];
const KIMI_SECTION_BEGIN_ONE = ['tool', 'call', 'section', 'begin'];
const KIMI_SECTION_END = ['tool', 'calls', 'section', 'end'];
const KIMI_SECTION_END_ONE = ['tool', 'call', 'section', 'end'];
const KIMI_ARGUMENT = ['tool', 'call', 'argument', 'begin'];

const OPENERS = [CALLS_BEGIN, KIMI_SECTION_BEGIN, KIMI_SECTION_BEGIN_ONE, CALL_BEGIN];
const CLOSERS = [CALLS_END, KIMI_SECTION_END, KIMI_SECTION_END_ONE];

function opener(text: string, at: number): 'yes' | 'partial' | 'no' {
  let partial = false;
  for (const words of OPENERS) {
    const end = tokenAt(text, at, words);
    if (typeof end === 'number' && end >= 0) return 'yes';
    if (end === 'partial') partial = true;
  }
  return partial ? 'partial' : 'no';
}

/** Kimi's id `functions.NAME:0` names NAME; DeepSeek writes the name itself. */
function nameOfId(head: string): string {
  return head.replace(/^functions\./, '').replace(/:\d+$/, '');
}

/** One call from after its begin token: `head SEP args END`. */
function readCall(
  text: string,
  at: number,
  ctx: ParseContext,
): { call: TextCall; end: number; format: TextCallFormat; truncated: boolean } | 'partial' | 'no' {
  const sep = findToken(text, at, [SEP, KIMI_ARGUMENT]);
  if (!sep) return ctx.final ? 'no' : 'partial';
  const head = text.slice(at, sep.start).trim();
  const format: TextCallFormat = sep.which === 1 ? 'kimi' : 'deepseek';
  const close = findToken(text, sep.end, [CALL_END, CALL_BEGIN, ...CLOSERS]);
  if (!close && !ctx.final) return 'partial';
  let body = text.slice(sep.end, close ? close.start : text.length).trim();
  let name = format === 'kimi' ? nameOfId(head) : head;
  // DeepSeek V3/R1: `function<｜tool▁sep｜>NAME` and the arguments in a ```json fence.
  const fenced = /^([^\n`]+)\n```(?:json)?\s*\n?([\s\S]*?)\n?```$/.exec(body);
  if (format === 'deepseek' && head === 'function' && fenced) {
    name = fenced[1].trim();
    body = fenced[2];
  } else if (format === 'deepseek' && head === 'function') {
    const firstLine = /^([^\n]+)\n?([\s\S]*)$/.exec(body);
    if (!firstLine) return 'no';
    name = firstLine[1].trim();
    body = firstLine[2].replace(/^```(?:json)?\s*/, '').replace(/```$/, '');
  }
  if (!isCallName(name)) return 'no';
  const args = argumentsText(body.trim() || '{}') ?? body;
  const id = format === 'kimi' && head !== name ? { id: head } : {};
  // The call's own end token is consumed; another call's begin or the section's end is not.
  const end = close ? (close.which === 0 ? close.end : close.start) : text.length;
  return { call: { name, arguments: args, ...id }, end, format, truncated: !close };
}

export const sectionTokens: FormatGrammar = {
  format: 'deepseek',
  anchor: 'anywhere',
  openers: opener,
  firstChars: '<',
  parse(text, at, ctx) {
    let pos = at;
    for (const words of [CALLS_BEGIN, KIMI_SECTION_BEGIN, KIMI_SECTION_BEGIN_ONE]) {
      const end = tokenAt(text, pos, words);
      if (typeof end === 'number' && end >= 0) {
        pos = end;
        break;
      }
    }
    const calls: TextCall[] = [];
    let format: TextCallFormat = 'deepseek';
    let truncated = false;
    for (;;) {
      pos = skipSpaces(text, pos);
      if (pos >= text.length) {
        if (!ctx.final) return { kind: 'partial' };
        break;
      }
      const begin = tokenAt(text, pos, CALL_BEGIN);
      if (begin === 'partial') return ctx.final ? { kind: 'no' } : { kind: 'partial' };
      if (begin === -1) {
        const closed = CLOSERS.map((words) => tokenAt(text, pos, words));
        const end = closed.find((e): e is number => typeof e === 'number' && e >= 0);
        if (end !== undefined) {
          pos = end;
          break;
        }
        if (closed.includes('partial') && !ctx.final) return { kind: 'partial' };
        // Anything else ends the section (its end token was left out).
        break;
      }
      const read = readCall(text, begin, ctx);
      if (read === 'partial') return { kind: 'partial' };
      if (read === 'no') return { kind: 'no' };
      calls.push(read.call);
      format = read.format;
      truncated ||= read.truncated;
      pos = read.end;
    }
    return calls.length ? { kind: 'calls', calls, end: pos, truncated, format } : { kind: 'no' };
  },
  inReasoning: true,
};
