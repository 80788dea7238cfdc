/**
 * `<invoke name="NAME"><parameter name="KEY">value</parameter></invoke>` inside
 * `<minimax:tool_call>` (MiniMax-M2), `<function_calls>` (Claude-style prompts), or with
 * DeepSeek V3.2's `｜DSML｜` prefix on every tag (its `string="true"` marks a raw string).
 */
import { isCallName } from '../call-shape';
import { parseLenient } from '../json-scan';
import { matchAny, matchWord, skipSpaces } from '../text-scan';
import { convertParameter } from '../values';
import type { BlockResult, FormatGrammar, ParseContext, TextCall } from '../types';

const WRAPPERS: readonly (readonly [string, string, string])[] = [
  ['<minimax:tool_call>', '</minimax:tool_call>', ''],
  ['<function_calls>', '</function_calls>', ''],
  ['<｜DSML｜function_calls>', '</｜DSML｜function_calls>', '｜DSML｜'],
];

/** `<{prefix}tag name="x" string="true">`: its attributes and end, 'partial', or undefined. */
function openTag(
  text: string,
  at: number,
  tag: string,
): { attrs: Record<string, string>; end: number } | 'partial' | undefined {
  const match = matchWord(text, at, `<${tag}`);
  if (match !== 'yes') return match === 'partial' ? 'partial' : undefined;
  const close = text.indexOf('>', at);
  if (close === -1) return 'partial';
  const attrs: Record<string, string> = {};
  for (const attr of text.slice(at + tag.length + 1, close).matchAll(/(\w+)="([^"]*)"/g)) {
    attrs[attr[1]] = attr[2];
  }
  return { attrs, end: close + 1 };
}

function readInvoke(
  text: string,
  at: number,
  prefix: string,
  ctx: ParseContext,
): { call: TextCall; end: number } | 'partial' | 'no' {
  const invoke = openTag(text, at, `${prefix}invoke`);
  if (invoke === 'partial') return ctx.final ? 'no' : 'partial';
  const name = invoke?.attrs.name;
  if (!invoke || !isCallName(name)) return 'no';
  const args: Record<string, unknown> = {};
  let pos = invoke.end;
  for (;;) {
    pos = skipSpaces(text, pos);
    const param = openTag(text, pos, `${prefix}parameter`);
    if (param === 'partial' || pos >= text.length) return ctx.final ? 'no' : 'partial';
    if (!param) break;
    const closeTag = `</${prefix}parameter>`;
    const close = text.indexOf(closeTag, param.end);
    if (close === -1) return ctx.final ? 'no' : 'partial';
    const raw = text.slice(param.end, close);
    const key = param.attrs.name;
    if (!key) return 'no';
    args[key] =
      param.attrs.string === 'true'
        ? raw
        : param.attrs.string === 'false'
          ? parseLenient(raw.trim())
          : convertParameter(ctx.schemas, name, key, raw.trim());
    pos = close + closeTag.length;
  }
  const end = matchWord(text, pos, `</${prefix}invoke>`);
  if (end !== 'yes') return end === 'partial' && !ctx.final ? 'partial' : 'no';
  return { call: { name, arguments: JSON.stringify(args) }, end: pos + prefix.length + 9 };
}

export const invokeXml: FormatGrammar = {
  format: 'invoke-xml',
  anchor: 'anywhere',
  openers: WRAPPERS.map(([open]) => open),
  parse(text, at, ctx) {
    const found = matchAny(
      text,
      at,
      WRAPPERS.map(([open]) => open),
    );
    if (typeof found !== 'object')
      return { kind: found === 'partial' && !ctx.final ? 'partial' : 'no' };
    const [, closer, prefix] = WRAPPERS.find(([open]) => open === found.word) ?? ['', '', ''];
    const calls: TextCall[] = [];
    let pos = at + found.word.length;
    for (;;) {
      pos = skipSpaces(text, pos);
      if (pos >= text.length) return ctx.final && calls.length ? result() : partialOrNo();
      const close = matchWord(text, pos, closer);
      if (close === 'yes') {
        pos += closer.length;
        return calls.length ? result() : { kind: 'no' };
      }
      const invoke = readInvoke(text, pos, prefix, ctx);
      if (invoke === 'partial') return { kind: 'partial' };
      if (invoke === 'no')
        return close === 'partial' && !ctx.final ? { kind: 'partial' } : { kind: 'no' };
      calls.push(invoke.call);
      pos = invoke.end;
    }
    function result(): BlockResult {
      return { kind: 'calls', calls, end: pos, format: 'invoke-xml' };
    }
    function partialOrNo(): BlockResult {
      return ctx.final ? { kind: 'no' } : { kind: 'partial' };
    }
  },
  inReasoning: true,
};
