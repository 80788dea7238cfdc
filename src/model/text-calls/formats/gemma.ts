/**
 * Gemma's call syntax: `call:NAME{key:<escape>text<escape>,n:5}`, between FunctionGemma's
 * `<start_function_call>` and `<end_function_call>`, or Gemma 4's `<|tool_call>` and
 * `<tool_call|>` (which quotes strings with `<|"|>`; through some APIs it writes ordinary
 * quotes, or parentheses: `call:search(query: "news")`). Values that are not quoted are
 * numbers, booleans, null, or nested `{...}` and `[...]`. A server that strips the special
 * tokens leaves `call:NAME{...}` alone, recovered only as the whole answer.
 */
import { isCallName } from '../call-shape';
import { matchAny, matchWord, skipSpaces } from '../text-scan';
import type { BlockResult, FormatGrammar, ParseContext, TextCall } from '../types';
import { readBetweenTags, type TagPair } from './tag-pair';

const PAIRS: readonly TagPair[] = [
  ['<start_function_call>', '<end_function_call>'],
  ['<|tool_call>', '<tool_call|>'],
];
const QUOTES = ['<escape>', '<|"|>'];
const CALL = 'call:';

type Read<T> = { value: T; end: number } | 'partial' | 'no';

function readString(text: string, at: number, quote: string): Read<string> {
  const close = text.indexOf(quote, at + quote.length);
  if (close === -1) return 'partial';
  return { value: text.slice(at + quote.length, close), end: close + quote.length };
}

/** `"..."` or `'...'` with backslash escapes. */
function readQuoted(text: string, at: number): Read<string> {
  const quote = text[at];
  let value = '';
  for (let i = at + 1; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === quote) return { value, end: i + 1 };
    if (ch !== '\\') value += ch;
    else if (i + 1 < text.length) {
      const next = text[(i += 1)];
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    }
  }
  return 'partial';
}

/** A value that is not quoted: up to the next `,`, `}`, `]` or `)`. */
function readBare(text: string, at: number): Read<unknown> {
  let end = at;
  while (end < text.length && !',}])'.includes(text[end])) end += 1;
  if (end >= text.length) return 'partial';
  const raw = text.slice(at, end).trim();
  if (raw === '') return 'no';
  if (raw === 'true' || raw === 'false') return { value: raw === 'true', end };
  if (raw === 'null' || raw === 'None') return { value: null, end };
  const number = Number(raw);
  return { value: Number.isFinite(number) && /^-?[\d.]/.test(raw) ? number : raw, end };
}

function readValue(text: string, at: number): Read<unknown> {
  const pos = skipSpaces(text, at);
  if (pos >= text.length) return 'partial';
  const quote = matchAny(text, pos, QUOTES);
  if (typeof quote === 'object') return readString(text, pos, quote.word);
  if (text[pos] === '"' || text[pos] === "'") return readQuoted(text, pos);
  if (text[pos] === '{') return readObject(text, pos, '}');
  if (text[pos] === '[') return readList(text, pos);
  if (quote === 'partial') return 'partial';
  return readBare(text, pos);
}

function readList(text: string, at: number): Read<unknown[]> {
  const items: unknown[] = [];
  let pos = skipSpaces(text, at + 1);
  if (text[pos] === ']') return { value: items, end: pos + 1 };
  for (;;) {
    const item = readValue(text, pos);
    if (typeof item !== 'object') return item;
    items.push(item.value);
    pos = skipSpaces(text, item.end);
    if (pos >= text.length) return 'partial';
    if (text[pos] === ']') return { value: items, end: pos + 1 };
    if (text[pos] !== ',') return 'no';
    pos += 1;
  }
}

/** `{key: value, ...}`, or `(key: value, ...)` with `close` ')'. */
function readObject(text: string, at: number, close: string): Read<Record<string, unknown>> {
  const members: Record<string, unknown> = {};
  let pos = skipSpaces(text, at + 1);
  if (text[pos] === close) return { value: members, end: pos + 1 };
  for (;;) {
    const colon = text.indexOf(':', pos);
    if (colon === -1) return 'partial';
    const key = text
      .slice(pos, colon)
      .trim()
      .replace(/^(["']|<\|"\|>)(.*)\1$/, '$2');
    if (!/^[\w.-]+$/.test(key)) return 'no';
    const value = readValue(text, colon + 1);
    if (typeof value !== 'object') return value;
    members[key] = value.value;
    pos = skipSpaces(text, value.end);
    if (pos >= text.length) return 'partial';
    if (text[pos] === close) return { value: members, end: pos + 1 };
    if (text[pos] !== ',') return 'no';
    pos = skipSpaces(text, pos + 1);
  }
}

/** `call:NAME{...}` at `at`. */
function readCall(text: string, at: number): Read<TextCall> {
  const word = matchWord(text, at, CALL);
  if (word !== 'yes') return word;
  const name = /^[\w.-]*/.exec(text.slice(at + CALL.length, at + CALL.length + 201))?.[0] ?? '';
  const open = at + CALL.length + name.length;
  if (open >= text.length) return 'partial';
  if (!isCallName(name) || (text[open] !== '{' && text[open] !== '(')) return 'no';
  const args = readObject(text, open, text[open] === '{' ? '}' : ')');
  if (typeof args !== 'object') return args;
  return { value: { name, arguments: JSON.stringify(args.value) }, end: args.end };
}

function result(read: Read<TextCall>, ctx: ParseContext): BlockResult {
  if (read === 'partial') return ctx.final ? { kind: 'no' } : { kind: 'partial' };
  if (read === 'no') return { kind: 'no' };
  return { kind: 'calls', calls: [read.value], end: read.end };
}

export const gemma: FormatGrammar = {
  format: 'gemma',
  anchor: 'anywhere',
  openers: PAIRS.map(([open]) => open),
  parse: (text, at, ctx) =>
    readBetweenTags(text, at, ctx, PAIRS, (inner, from) =>
      result(readCall(inner, skipSpaces(inner, from)), ctx),
    ),
  inReasoning: true,
};

function bareOpener(text: string, at: number): 'yes' | 'partial' | 'no' {
  const word = matchWord(text, at, CALL);
  if (word !== 'yes') return word;
  const rest = text.slice(at + CALL.length, at + CALL.length + 201);
  if (/^[\w.-]+[{(]/.test(rest)) return 'yes';
  return /^[\w.-]*$/.test(rest) ? 'partial' : 'no';
}

/** `call:NAME{...}` with the tokens stripped: prose never is only that. */
export const gemmaBare: FormatGrammar = {
  format: 'gemma',
  anchor: 'answer',
  openers: bareOpener,
  firstChars: 'c',
  parse: (text, at, ctx) => result(readCall(text, at), ctx),
  inReasoning: false,
};
