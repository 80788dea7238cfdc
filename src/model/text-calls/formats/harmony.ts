/**
 * gpt-oss's harmony messages: `<|start|>assistant<|channel|>commentary to=functions.NAME
 * <|constrain|>json<|message|>{...}<|call|>` (the recipient may also stand before the
 * channel). Analysis and commentary messages without a recipient may come before the call.
 * When a server strips the special tokens, what is left is `commentary to=functions.NAME`
 * (run into the text before it) or `to=functions.NAME`, perhaps with `json` and the
 * arguments after it.
 */
import { argumentsText, isCallName } from '../call-shape';
import { scanJson } from '../json-scan';
import { matchAny, matchWord, skipBlanks, skipSpaces } from '../text-scan';
import type { BlockResult, FormatGrammar, ParseContext, TextCall } from '../types';

const START = '<|start|>';
const CHANNEL = '<|channel|>';
const MESSAGE = '<|message|>';
const CONSTRAIN = '<|constrain|>';
const ENDS = ['<|end|>', '<|call|>', '<|return|>'];
const FUNCTIONS = 'functions.';

/** The first of `marks` after `from`: where and which. */
function firstMark(text: string, from: number, marks: readonly string[]) {
  let best: { at: number; mark: string } | undefined;
  for (const mark of marks) {
    const at = text.indexOf(mark, from);
    if (at !== -1 && (!best || at < best.at)) best = { at, mark };
  }
  return best;
}

/** `to=functions.NAME` in a header, with a `json` constraint written without its token dropped. */
function recipientOf(header: string): string | undefined {
  const match = /to=([^<]+)/.exec(header);
  return match?.[1].trim().replace(/\s+json$/, '') || undefined;
}

function argumentsOf(body: string): string | undefined {
  const trimmed = body.trim();
  return trimmed ? argumentsText(trimmed) : '{}';
}

function readMessage(text: string, at: number, ctx: ParseContext): BlockResult {
  const message = text.indexOf(MESSAGE, at);
  const header = text.slice(at, message === -1 ? undefined : message);
  if (header.includes('\n') || header.length > 400) return { kind: 'no' };
  if (message === -1) {
    if (!ctx.final) return { kind: 'partial' };
    // The arguments were never written: the call still names what the model wanted.
    const recipient = recipientOf(header);
    if (!recipient?.startsWith(FUNCTIONS)) return { kind: 'no' };
    return callBlock(
      { name: recipient.slice(FUNCTIONS.length), arguments: '{}' },
      text.length,
      true,
    );
  }
  const bodyStart = message + MESSAGE.length;
  const end = firstMark(text, bodyStart, [...ENDS, START, CHANNEL]);
  if (!end && !ctx.final) return { kind: 'partial' };
  const body = text.slice(bodyStart, end ? end.at : text.length);
  const blockEnd = !end ? text.length : ENDS.includes(end.mark) ? end.at + end.mark.length : end.at;
  const recipient = recipientOf(header);
  if (recipient?.startsWith(FUNCTIONS)) {
    const args = argumentsOf(body);
    if (args === undefined) return { kind: 'no' };
    return callBlock({ name: recipient.slice(FUNCTIONS.length), arguments: args }, blockEnd, !end);
  }
  const channel = /<\|channel\|>\s*(\w+)/.exec(header)?.[1];
  // A final answer is not a call; analysis and commentary may come before one.
  if (recipient || channel === 'final' || channel === undefined) return { kind: 'no' };
  return { kind: 'calls', calls: [], end: blockEnd, format: 'harmony' };
}

function callBlock(call: TextCall, end: number, truncated: boolean): BlockResult {
  if (!isCallName(call.name)) return { kind: 'no' };
  return {
    kind: 'calls',
    calls: [{ ...call, name: call.name.trim() }],
    end,
    truncated,
    format: 'harmony',
  };
}

export const harmony: FormatGrammar = {
  format: 'harmony',
  anchor: 'anywhere',
  openers: [START, CHANNEL],
  parse: readMessage,
  inReasoning: true,
};

const NAME = /^[\p{L}\p{N}_.-]+/u;

const STRIPPED_OPENERS = ['commentary to=' + FUNCTIONS, 'to=' + FUNCTIONS];

/** `to=functions.NAME json{...}` with the harmony tokens stripped. */
export const harmonyStripped: FormatGrammar = {
  format: 'harmony',
  // Servers that strip the tokens run the channel name into the text before it.
  anchor: 'anywhere',
  openers: STRIPPED_OPENERS,
  parse(text, at, ctx) {
    const found = matchAny(text, at, STRIPPED_OPENERS);
    if (typeof found !== 'object')
      return found === 'partial' && !ctx.final ? { kind: 'partial' } : { kind: 'no' };
    const nameAt = at + found.word.length;
    const name = NAME.exec(text.slice(nameAt, nameAt + 201))?.[0];
    if (!name) return ctx.final || nameAt < text.length ? { kind: 'no' } : { kind: 'partial' };
    let pos = nameAt + name.length;
    if (pos >= text.length && !ctx.final) return { kind: 'partial' };
    pos = skipBlanks(text, pos);
    for (const word of [CONSTRAIN, 'json', MESSAGE]) {
      const match = matchWord(text, pos, word);
      if (match === 'partial' && !ctx.final) return { kind: 'partial' };
      if (match === 'yes') pos = skipBlanks(text, pos + word.length);
    }
    const argsAt = skipSpaces(text, pos);
    if (argsAt >= text.length && !ctx.final) return { kind: 'partial' };
    if (text[argsAt] !== '{') return callBlock({ name, arguments: '{}' }, pos, false);
    const scan = scanJson(text, argsAt, ctx.final);
    if (scan.kind !== 'value') return scan;
    const args = argumentsText(scan.value);
    if (args === undefined) return { kind: 'no' };
    return callBlock({ name, arguments: args }, scan.end, scan.truncated);
  },
  inReasoning: false,
};
