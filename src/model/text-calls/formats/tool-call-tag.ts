/**
 * Everything inside `<tool_call>...</tool_call>`: JSON (Hermes, Qwen 2.5/3, the most
 * common), Qwen3-Coder's `<function=...>` XML, or GLM's `NAME<arg_key>k</arg_key>
 * <arg_value>v</arg_value>`. The closing tag is optional (models drop it, or stop).
 */
import { convertParameter } from '../values';
import { isCallName } from '../call-shape';
import { matchWord, skipSpaces } from '../text-scan';
import type { BlockResult, FormatGrammar, ParseContext, TextCall } from '../types';
import { readJsonSequence } from './json-calls';
import { readFunctionXml } from './function-xml';

/** The tag and its closer: Hermes/Qwen's, and Seed-OSS's around the same XML. */
const TAGS: readonly (readonly [string, string])[] = [
  ['<tool_call>', '</tool_call>'],
  ['<seed:tool_call>', '</seed:tool_call>'],
];
const KEY = '<arg_key>';
const KEY_END = '</arg_key>';
const VALUE = '<arg_value>';
const VALUE_END = '</arg_value>';

function readInside(text: string, at: number, ctx: ParseContext): BlockResult {
  const start = skipSpaces(text, at);
  if (start >= text.length) return ctx.final ? { kind: 'no' } : { kind: 'partial' };
  const ch = text[start];
  if (ch === '{' || ch === '[') {
    const json = readJsonSequence(text, start, ctx);
    return json.kind === 'calls' ? { ...json, format: 'hermes' } : json;
  }
  if (ch === '<') return readFunctionXml(text, start, ctx);
  return readGlm(text, start, ctx);
}

/** GLM-4.5+: the name, then key/value pairs, up to `</tool_call>`. */
function readGlm(text: string, at: number, ctx: ParseContext): BlockResult {
  const nameEnd = firstIndex(text, at, [KEY, '\n', '</tool_call>']);
  if (nameEnd === -1 && !ctx.final) return { kind: 'partial' };
  const name = text.slice(at, nameEnd === -1 ? text.length : nameEnd).trim();
  if (!isCallName(name) || /[<>{}"]/.test(name)) return { kind: 'no' };
  const args: Record<string, unknown> = {};
  let pos = nameEnd === -1 ? text.length : nameEnd;
  for (;;) {
    pos = skipSpaces(text, pos);
    if (pos >= text.length) {
      if (!ctx.final) return { kind: 'partial' };
      return glmCall(name, args, pos, true);
    }
    const key = matchWord(text, pos, KEY);
    if (key !== 'yes') {
      if (key === 'partial' && !ctx.final) return { kind: 'partial' };
      return glmCall(name, args, pos, false);
    }
    const keyEnd = text.indexOf(KEY_END, pos);
    if (keyEnd === -1) return ctx.final ? { kind: 'no' } : { kind: 'partial' };
    const argKey = text.slice(pos + KEY.length, keyEnd).trim();
    const valueAt = skipSpaces(text, keyEnd + KEY_END.length);
    const value = matchWord(text, valueAt, VALUE);
    if (value !== 'yes')
      return value === 'partial' && !ctx.final ? { kind: 'partial' } : { kind: 'no' };
    const valueEnd = text.indexOf(VALUE_END, valueAt);
    if (valueEnd === -1 && !ctx.final) return { kind: 'partial' };
    const raw = text.slice(valueAt + VALUE.length, valueEnd === -1 ? text.length : valueEnd);
    args[argKey] = convertParameter(ctx.schemas, name, argKey, raw);
    if (valueEnd === -1) return glmCall(name, args, text.length, true);
    pos = valueEnd + VALUE_END.length;
  }
}

function glmCall(
  name: string,
  args: Record<string, unknown>,
  end: number,
  truncated: boolean,
): BlockResult {
  const call: TextCall = { name, arguments: JSON.stringify(args) };
  return { kind: 'calls', calls: [call], end, truncated, format: 'glm' };
}

function firstIndex(text: string, from: number, marks: readonly string[]): number {
  const found = marks.map((mark) => text.indexOf(mark, from)).filter((i) => i !== -1);
  return found.length ? Math.min(...found) : -1;
}

export const toolCallTag: FormatGrammar = {
  format: 'hermes',
  anchor: 'anywhere',
  openers: TAGS.map(([open]) => open),
  parse(text, at, ctx) {
    const [open, closer] = TAGS.find(([tag]) => text.startsWith(tag, at)) ?? TAGS[0];
    const inner = readInside(text, at + open.length, ctx);
    if (inner.kind !== 'calls') return inner;
    const close = skipSpaces(text, inner.end);
    const match = matchWord(text, close, closer);
    if (match === 'yes') return { ...inner, end: close + closer.length };
    if (match === 'partial' && !ctx.final && close < text.length) return { kind: 'partial' };
    // No closing tag: the block ends with its content (another `<tool_call>` may follow).
    return inner;
  },
  inReasoning: true,
};
