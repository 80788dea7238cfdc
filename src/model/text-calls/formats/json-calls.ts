/**
 * Calls written as plain JSON: a bare object or array (Llama 3.x `{"name", "parameters"}`,
 * Qwen 2.5 without its tags), the same inside a ```json fence that is the whole answer,
 * and after the markers of Granite 3 (`<|tool_call|>`), Phi-4-mini (`functools`), Jamba and
 * MiniMax-M1 (`<tool_calls>`), InternLM (`<|action_start|><|plugin|>`), Cohere Command
 * (`<|START_ACTION|>`) and LM Studio's prompt-injected `[TOOL_REQUEST]`.
 */
import { callsFromJson, FIRST_CALL_KEYS } from '../call-shape';
import { firstKey, scanJson } from '../json-scan';
import { matchWord, skipSpaces } from '../text-scan';
import type { BlockResult, FormatGrammar, ParseContext } from '../types';
import { readPythonic } from './pythonic';
import { readBetweenTags, type TagPair } from './tag-pair';

/** Whether the text at `at` can be the start of a JSON call: `{` or `[{` and a call's key. */
export function jsonCallOpener(text: string, at: number): 'yes' | 'partial' | 'no' {
  let i = at;
  if (i >= text.length) return 'partial';
  if (text[i] === '[') {
    i = skipSpaces(text, i + 1);
    if (i >= text.length) return 'partial';
  }
  if (text[i] !== '{') return 'no';
  const key = firstKey(text, i);
  if (key === 'partial') return 'partial';
  return key && FIRST_CALL_KEYS.has(key.key) ? 'yes' : 'no';
}

/**
 * JSON calls one after another inside a tag (MiniMax-M1 writes one object a line, some
 * Hermes models two in one block): values separated by white space, `,` or `;`.
 */
export function readJsonSequence(text: string, at: number, ctx: ParseContext): BlockResult {
  const first = readJsonCalls(text, at, ctx);
  if (first.kind !== 'calls') return first;
  const calls = [...first.calls];
  let end = first.end;
  let truncated = first.truncated === true;
  for (;;) {
    let next = skipSpaces(text, end);
    if (text[next] === ',' || text[next] === ';') next = skipSpaces(text, next + 1);
    if (next >= text.length || (text[next] !== '{' && text[next] !== '[')) break;
    const more = readJsonCalls(text, next, ctx);
    if (more.kind === 'partial') return more;
    if (more.kind === 'no') break;
    calls.push(...more.calls);
    end = more.end;
    truncated ||= more.truncated === true;
  }
  return { kind: 'calls', calls, end, truncated };
}

/**
 * One JSON value at `at` (after white space) that is a call or calls; `bare`: no tag marks it
 * as a call, so it must name its arguments.
 */
export function readJsonCalls(
  text: string,
  at: number,
  ctx: ParseContext,
  bare = false,
): BlockResult {
  const start = skipSpaces(text, at);
  if (start >= text.length) return ctx.final ? { kind: 'no' } : { kind: 'partial' };
  const opened = jsonCallOpener(text, start);
  if (opened !== 'yes')
    return opened === 'partial' && !ctx.final ? { kind: 'partial' } : { kind: 'no' };
  const scan = scanJson(text, start, ctx.final);
  if (scan.kind !== 'value') return scan;
  const calls = callsFromJson(scan.value, bare);
  return calls
    ? { kind: 'calls', calls, end: scan.end, truncated: scan.truncated }
    : { kind: 'no' };
}

export const bareJson: FormatGrammar = {
  format: 'json',
  anchor: 'line',
  openers: jsonCallOpener,
  firstChars: '{[',
  parse: (text, at, ctx) => readJsonCalls(text, at, ctx, true),
  // Llama 3.x separates parallel calls with `;`.
  separators: [';', ','],
  inReasoning: false,
};

/** Info strings of a fence that may hold a call (`tool_code`: Gemma's Python calls). */
const FENCE_INFO = /^(?:json|json5|tool_call|tool_calls|tool_code|)$/i;

function fenceOpener(text: string, at: number): 'yes' | 'partial' | 'no' {
  const ticks = matchWord(text, at, '```');
  if (ticks !== 'yes') return ticks;
  const lineEnd = text.indexOf('\n', at);
  const info = text.slice(at + 3, lineEnd === -1 ? undefined : lineEnd).trim();
  if (lineEnd === -1) return /^[a-z_0-9]*$/i.test(info) ? 'partial' : 'no';
  return FENCE_INFO.test(info) ? 'yes' : 'no';
}

export const jsonFence: FormatGrammar = {
  format: 'json-fence',
  anchor: 'answer',
  openers: fenceOpener,
  firstChars: '`',
  parse(text, at, ctx) {
    const lineEnd = text.indexOf('\n', at);
    const body = lineEnd + 1;
    const python = /tool_code/i.test(text.slice(at, lineEnd));
    const inner = python
      ? readPythonic(text, skipSpaces(text, body), ctx.final)
      : readJsonCalls(text, body, ctx, true);
    if (inner.kind !== 'calls') return inner;
    const close = skipSpaces(text, inner.end);
    const ticks = matchWord(text, close, '```');
    if (ticks === 'yes') return { ...inner, end: close + 3 };
    if (close >= text.length) return ctx.final ? inner : { kind: 'partial' };
    return ticks === 'partial' && !ctx.final ? { kind: 'partial' } : { kind: 'no' };
  },
  inReasoning: false,
};

/** Marker, and the closer that may follow the JSON. */
const TAGGED: readonly TagPair[] = [
  ['<|tool_call|>', '<|/tool_call|>'],
  // Phi-4-mini's template names both `functools` and this pair.
  ['<|tool_calls|>', '<|/tool_calls|>'],
  ['functools', ''],
  ['<tool_calls>', '</tool_calls>'],
  ['<|action_start|><|plugin|>', '<|action_end|>'],
  ['<|START_ACTION|>', '<|END_ACTION|>'],
  // LM Studio's own prompt format for models whose template has no tools.
  ['[TOOL_REQUEST]', '[END_TOOL_REQUEST]'],
];

export const jsonTagged: FormatGrammar = {
  format: 'json-tagged',
  anchor: 'anywhere',
  openers: TAGGED.map(([open]) => open),
  parse: (text, at, ctx) => readBetweenTags(text, at, ctx, TAGGED, readJsonSequence),
  inReasoning: true,
};
