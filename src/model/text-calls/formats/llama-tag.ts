/**
 * Llama's code tags: `<|python_tag|>` (Llama 3.1) before JSON calls separated by `;` or a
 * built-in tool's `name.call(query="...")`, and Llama 4's `<|python_start|>...<|python_end|>`
 * around JSON or a pythonic list.
 */
import { matchAny, matchWord, skipSpaces } from '../text-scan';
import { readPythonCall } from '../python-call';
import type { BlockResult, FormatGrammar, ParseContext, TextCall } from '../types';
import { readJsonCalls } from './json-calls';
import { readPythonic } from './pythonic';

const TAG = '<|python_tag|>';
const START = '<|python_start|>';
const END = '<|python_end|>';

/** `brave_search.call(query="x")`: Llama 3.1's built-in tools, named without `.call`. */
function readBuiltin(text: string, at: number, final: boolean): BlockResult {
  const read = readPythonCall(text, at);
  if (read === 'partial') return final ? { kind: 'no' } : { kind: 'partial' };
  if (read === 'no' || !read.call.name.endsWith('.call')) return { kind: 'no' };
  const call: TextCall = { ...read.call, name: read.call.name.slice(0, -'.call'.length) };
  return { kind: 'calls', calls: [call], end: read.end };
}

function readBody(text: string, at: number, ctx: ParseContext): BlockResult {
  const calls: TextCall[] = [];
  let pos = at;
  let truncated = false;
  for (;;) {
    pos = skipSpaces(text, pos);
    if (pos >= text.length) return ctx.final && calls.length ? done() : partialOrNo();
    const ch = text[pos];
    const block =
      ch === '{'
        ? readJsonCalls(text, pos, ctx)
        : ch === '['
          ? text[skipSpaces(text, pos + 1)] === '{'
            ? readJsonCalls(text, pos, ctx)
            : readPythonic(text, pos, ctx.final)
          : readBuiltin(text, pos, ctx.final);
    if (block.kind !== 'calls') return calls.length && block.kind === 'no' ? done() : block;
    calls.push(...block.calls);
    truncated ||= block.truncated === true;
    pos = skipSpaces(text, block.end);
    if (text[pos] === ';') pos += 1;
    else return done();
  }
  function done(): BlockResult {
    return { kind: 'calls', calls, end: pos, truncated, format: 'llama-python-tag' };
  }
  function partialOrNo(): BlockResult {
    return ctx.final ? { kind: 'no' } : { kind: 'partial' };
  }
}

export const llamaTag: FormatGrammar = {
  format: 'llama-python-tag',
  anchor: 'anywhere',
  openers: [TAG, START],
  parse(text, at, ctx) {
    const found = matchAny(text, at, [TAG, START]);
    if (typeof found !== 'object')
      return { kind: found === 'partial' && !ctx.final ? 'partial' : 'no' };
    const body = readBody(text, at + found.word.length, ctx);
    if (body.kind !== 'calls' || found.word !== START) return body;
    const close = skipSpaces(text, body.end);
    const end = matchWord(text, close, END);
    if (end === 'yes') return { ...body, end: close + END.length };
    return end === 'partial' && !ctx.final && close < text.length ? { kind: 'partial' } : body;
  },
  inReasoning: true,
};
