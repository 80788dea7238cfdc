/**
 * Mistral's `[TOOL_CALLS]`: before tokenizer v11 a JSON array follows it
 * (`[TOOL_CALLS] [{"name": ..., "arguments": {...}}]`); from v11 each call is
 * `[TOOL_CALLS]NAME[ARGS]{...}` (v13 adds `[CALL_ID]id` before `[ARGS]`; a detokenised
 * `[ARGS]` may be missing, the arguments then start at `{`).
 */
import { argumentsText, isCallName } from '../call-shape';
import { scanJson } from '../json-scan';
import { matchWord, skipSpaces } from '../text-scan';
import type { BlockResult, FormatGrammar, ParseContext } from '../types';
import { readJsonCalls } from './json-calls';

const BOT = '[TOOL_CALLS]';
const ARGS = '[ARGS]';
const CALL_ID = '[CALL_ID]';

function readNamed(text: string, at: number, ctx: ParseContext): BlockResult {
  const stops = ['[ARGS]', '[CALL_ID]', '{', '\n'].map((mark) => text.indexOf(mark, at));
  const found = stops.filter((i) => i !== -1);
  if (!found.length) return ctx.final ? { kind: 'no' } : { kind: 'partial' };
  let pos = Math.min(...found);
  const name = text.slice(at, pos).trim();
  if (!isCallName(name) || /[[\]{}"<>]/.test(name)) return { kind: 'no' };
  let id: string | undefined;
  if (matchWord(text, pos, CALL_ID) === 'yes') {
    const idEnd = [text.indexOf(ARGS, pos), text.indexOf('{', pos)].filter((i) => i !== -1);
    if (!idEnd.length) return ctx.final ? { kind: 'no' } : { kind: 'partial' };
    id = text.slice(pos + CALL_ID.length, Math.min(...idEnd)).trim() || undefined;
    pos = Math.min(...idEnd);
  }
  if (matchWord(text, pos, ARGS) === 'yes') pos = skipSpaces(text, pos + ARGS.length);
  if (pos >= text.length) return ctx.final ? { kind: 'no' } : { kind: 'partial' };
  if (text[pos] !== '{') return { kind: 'no' };
  const scan = scanJson(text, pos, ctx.final);
  if (scan.kind === 'partial') return scan;
  // Arguments that are not JSON stay a call (as vLLM keeps them): the tool says what is wrong.
  const next = text.indexOf(BOT, pos);
  const end = scan.kind === 'value' ? scan.end : next === -1 ? text.length : next;
  const args = scan.kind === 'value' ? argumentsText(scan.value) : text.slice(pos, end).trim();
  if (args === undefined) return { kind: 'no' };
  return {
    kind: 'calls',
    calls: [{ name, arguments: args, ...(id ? { id } : {}) }],
    end,
    truncated: scan.kind === 'value' ? scan.truncated : true,
  };
}

export const mistral: FormatGrammar = {
  format: 'mistral',
  anchor: 'anywhere',
  openers: [BOT],
  parse(text, at, ctx) {
    const start = skipSpaces(text, at + BOT.length);
    if (start >= text.length) return ctx.final ? { kind: 'no' } : { kind: 'partial' };
    if (text[start] === '[' || text[start] === '{') return readJsonCalls(text, start, ctx);
    return readNamed(text, start, ctx);
  },
  inReasoning: true,
};
