/**
 * Qwen3-Coder's XML calls: `<function=NAME>` then `<parameter=KEY>value</parameter>` per
 * argument and `</function>`, inside `<tool_call>` or (a server that dropped the token)
 * alone at the start of a line. Values are text; the tool's schema types them. Models
 * drop closing tags: a value then ends at the next tag, or where the text ends.
 * Llama 3.1's custom tools use the same tag around one JSON object: `<function=NAME>{...}`.
 */
import { argumentsText } from '../call-shape';
import { scanJson } from '../json-scan';
import { convertParameter } from '../values';
import { matchWord, skipSpaces } from '../text-scan';
import type { BlockResult, FormatGrammar, ParseContext } from '../types';

const FUNCTION = '<function=';
const PARAMETER = '<parameter=';
const PARAMETER_END = '</parameter>';
const FUNCTION_END = '</function>';
const CALL_END = '</tool_call>';

/** The first of `marks` after `from`, or -1. */
function firstOf(text: string, from: number, marks: readonly string[]): number {
  let best = -1;
  for (const mark of marks) {
    const found = text.indexOf(mark, from);
    if (found !== -1 && (best === -1 || found < best)) best = found;
  }
  return best;
}

/** A tag's name up to `>` on the same line: `<function=NAME>`. */
function tagName(
  text: string,
  from: number,
): { name: string; end: number } | 'partial' | undefined {
  const close = text.indexOf('>', from);
  const line = text.indexOf('\n', from);
  if (close === -1) return line === -1 ? 'partial' : undefined;
  if (line !== -1 && line < close) return undefined;
  const name = text.slice(from, close).trim();
  return name ? { name, end: close + 1 } : undefined;
}

/** One `<function=...>` block at `at`. */
export function readFunctionXml(text: string, at: number, ctx: ParseContext): BlockResult {
  const opened = matchWord(text, at, FUNCTION);
  if (opened !== 'yes')
    return opened === 'partial' && !ctx.final ? { kind: 'partial' } : { kind: 'no' };
  const head = tagName(text, at + FUNCTION.length);
  if (head === 'partial') return ctx.final ? { kind: 'no' } : { kind: 'partial' };
  if (!head) return { kind: 'no' };
  const body = skipSpaces(text, head.end);
  if (text[body] === '{') return readJsonBody(text, head.name, body, ctx);
  if (body >= text.length && !ctx.final) return { kind: 'partial' };
  const args: Record<string, unknown> = {};
  let pos = head.end;
  let truncated = false;
  for (;;) {
    pos = skipSpaces(text, pos);
    if (pos >= text.length) {
      if (!ctx.final) return { kind: 'partial' };
      truncated = true;
      break;
    }
    const param = matchWord(text, pos, PARAMETER);
    if (param === 'yes') {
      const key = tagName(text, pos + PARAMETER.length);
      if (key === 'partial') return ctx.final ? { kind: 'no' } : { kind: 'partial' };
      if (!key) return { kind: 'no' };
      const value = readValue(text, key.end, ctx);
      if (value === 'partial') return { kind: 'partial' };
      args[key.name] = convertParameter(ctx.schemas, head.name, key.name, value.text);
      truncated ||= value.truncated;
      pos = value.end;
      continue;
    }
    const end = matchWord(text, pos, FUNCTION_END);
    if (end === 'yes') {
      pos += FUNCTION_END.length;
      break;
    }
    if ((param === 'partial' || end === 'partial') && !ctx.final) return { kind: 'partial' };
    // No `</function>` (a closing `</tool_call>`, or text): the call ends here.
    break;
  }
  return {
    kind: 'calls',
    calls: [{ name: head.name, arguments: JSON.stringify(args) }],
    end: pos,
    truncated,
    format: 'qwen3-coder',
  };
}

/** Llama 3.1's `<function=NAME>{...}</function>`: the arguments as one JSON object. */
function readJsonBody(text: string, name: string, at: number, ctx: ParseContext): BlockResult {
  const scan = scanJson(text, at, ctx.final);
  if (scan.kind !== 'value') return scan;
  const args = argumentsText(scan.value);
  if (args === undefined) return { kind: 'no' };
  const close = skipSpaces(text, scan.end);
  const closed = matchWord(text, close, FUNCTION_END) === 'yes';
  return {
    kind: 'calls',
    calls: [{ name, arguments: args }],
    end: closed ? close + FUNCTION_END.length : scan.end,
    truncated: scan.truncated,
    format: 'llama-function',
  };
}

/**
 * A value from after `<parameter=KEY>`: to `</parameter>`, else (not closed) to the next
 * tag, else to the end of the text. One line break after the tag and one before the close
 * are the template's, not the value's.
 */
function readValue(
  text: string,
  from: number,
  ctx: ParseContext,
): { text: string; end: number; truncated: boolean } | 'partial' {
  const close = text.indexOf(PARAMETER_END, from);
  const next = firstOf(text, from, [PARAMETER, FUNCTION_END, CALL_END]);
  let value: string;
  if (close !== -1 && (next === -1 || close < next)) {
    value = text.slice(from, close).replace(/^\n/, '').replace(/\n$/, '');
    return { text: value, end: close + PARAMETER_END.length, truncated: false };
  }
  if (next === -1 && !ctx.final) return 'partial';
  const end = next === -1 ? text.length : next;
  value = text.slice(from, end).replace(/^\n/, '').replace(/\s+$/, '');
  return { text: value, end, truncated: next === -1 };
}

export const functionXml: FormatGrammar = {
  format: 'qwen3-coder',
  anchor: 'line',
  openers: [FUNCTION],
  parse(text, at, ctx) {
    const block = readFunctionXml(text, at, ctx);
    if (block.kind !== 'calls') return block;
    // A lone `</tool_call>` may follow when only the opening token was lost.
    const close = skipSpaces(text, block.end);
    return matchWord(text, close, CALL_END) === 'yes'
      ? { ...block, end: close + CALL_END.length }
      : block;
  },
  inReasoning: true,
};
