/**
 * The filter passes over most of a streamed answer without judging it: deltas with no line
 * start and no character a call can start with are shown at once, candidates are found by
 * one search and ruled out by the words they would start, and a candidate that is the last
 * character waits for the next. None of that may change what is shown or recovered: each
 * answer here, cut into deltas of every size, must give exactly what it gives in one piece.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
// The stream benchmark's answers (plain JavaScript without types): the ordinary Markdown
// answer, and one whose every line starts the way a call does.
// @ts-expect-error -- untyped
import { callLikeAnswer } from '../../../bench/lib/call-like.mjs';
// @ts-expect-error -- untyped
import { markdownAnswer } from '../../../bench/lib/markdown.mjs';
import { TextCallFilter } from '../../../src/model/text-calls/stream-filter';
import { corpus } from '../../support/corpora';
import { GATHERED, GATHERED_QUOTES } from './gathered-samples';

const SCHEMAS = new Map([['bash', { command: { type: 'string' } }]]);

/** What a filter shows and recovers for `text` pushed in deltas of `size` (0: one piece). */
function run(text: string, size: number, reasoning = false) {
  const filter = new TextCallFilter(SCHEMAS, reasoning);
  const screens: string[] = [];
  let shown = '';
  const step = size || text.length || 1;
  for (let at = 0; at < text.length; at += step) {
    shown += filter.push(text.slice(at, at + step));
    screens.push(shown);
  }
  const end = filter.finish(true);
  shown += end.text;
  return { shown, screens, recovered: end.recovered };
}

function expectSameInEveryChunking(text: string, sizes: readonly number[], reasoning = false) {
  const whole = run(text, 0, reasoning);
  for (const size of sizes) {
    const chunked = run(text, size, reasoning);
    expect(chunked.shown, `deltas of ${size}`).toBe(whole.shown);
    expect(chunked.recovered, `deltas of ${size}`).toEqual(whole.recovered);
    // Nothing shown is taken back.
    for (const screen of chunked.screens) expect(whole.shown.startsWith(screen)).toBe(true);
  }
  return whole;
}

const EVERY_SIZE = Array.from({ length: 40 }, (_, i) => i + 1);

/** Prose with the characters a call can start with mid-line (`t`, `c`, `f`, `<`, `[`) at every offset. */
const CANDIDATE_PROSE = [
  'The tool today: to tools, to=fun, commentary tone, functions, functools are fine.',
  'Use `to=functions.bash` in code; [TOOL_CALLS is not a token] and <b>bold</b> too.',
  '```\ncommentary to=functions.bash json{"command": "ls"}\n```\n',
  'then to\n',
].join('\n');

/** Calls after prose: on its line, or on the next (a line start a delta may end just before). */
const CALLS_AFTER_PROSE = [
  'Let me look.commentary to=functions.bash json{"command": "ls"}',
  'Let me look. to=functions.bash {"command": "pwd"}',
  'Checking the files now.<|python_tag|>{"name": "bash", "parameters": {"command": "ls"}}',
  'Running it.[TOOL_CALLS]bash[ARGS]{"command": "ls -la"}',
  'Here: functools[{"name": "bash", "arguments": {"command": "date"}}]',
  'I will list the files.\n{"name": "bash", "parameters": {"command": "ls"}}',
  'I will list the files.\n\n  [{"name": "bash", "arguments": {"command": "ls"}}]\n',
  '<think>the user wants to list files, so to=functions is near</think>\n\nto=functions.bash {"command": "ls"}',
];

describe('the same answer in every chunking', () => {
  test('the stream benchmark answer (Markdown with code, tables and lists) is shown whole, in deltas of 1 to 40', () => {
    const text = markdownAnswer(6_000, 11);
    const whole = expectSameInEveryChunking(text, EVERY_SIZE);
    expect(whole.shown).toBe(text);
    expect(whole.recovered).toBeUndefined();
  });

  test('an answer whose every line starts like a call is shown whole, in deltas of 1 to 40', () => {
    const text = callLikeAnswer(3_000);
    const whole = expectSameInEveryChunking(text, EVERY_SIZE);
    expect(whole.shown).toBe(text);
  });

  test('prose full of t, c, f, < and [ (and a quoted call in a fence) stays text in any chunking', () => {
    const whole = expectSameInEveryChunking(CANDIDATE_PROSE, EVERY_SIZE);
    expect(whole.shown).toBe(CANDIDATE_PROSE);
    expect(whole.recovered).toBeUndefined();
  });

  for (const text of CALLS_AFTER_PROSE) {
    test(`a call after prose is recovered in any chunking: ${text.slice(0, 40)}`, () => {
      const whole = expectSameInEveryChunking(text, EVERY_SIZE);
      expect(whole.recovered?.calls.map((call) => call.name)).toEqual(['bash']);
      expect(whole.shown).not.toContain('functions.bash');
    });
  }

  test('the same in reasoning text (only the special-token formats)', () => {
    for (const text of [CANDIDATE_PROSE, ...CALLS_AFTER_PROSE])
      expectSameInEveryChunking(text, EVERY_SIZE, true);
  });

  test('every gathered answer and quotation, and every corpus sample, in deltas of 1 to 40', () => {
    const dir = corpus('text-tool-calls');
    const texts = [
      ...Object.values(GATHERED).map((sample) => sample.text),
      ...Object.values(GATHERED_QUOTES).map((quote) => quote.text),
      ...readdirSync(dir)
        .filter((name) => name.endsWith('.txt') && !name.endsWith('.raw.txt'))
        .map((name) => readFileSync(`${dir}/${name}`, 'utf8')),
    ];
    expect(texts.length).toBeGreaterThan(30);
    for (const text of texts) expectSameInEveryChunking(text, EVERY_SIZE);
  });
});
