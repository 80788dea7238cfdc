import { describe, expect, test } from 'vitest';
import { recoverTextCalls } from '../../../src/model/text-calls/recover';
import { TextCallFilter } from '../../../src/model/text-calls/stream-filter';
import { GATHERED, GATHERED_QUOTES } from './gathered-samples';

/**
 * Answers gathered from other sources than the shared corpus (gathered-samples.ts says
 * how they were chosen): each recovered to exactly its intended call, whole and streamed
 * a few characters at a time, or left as text where the sample says why.
 */
function callsOf(text: string): [string, unknown][] | 'text' {
  const result = recoverTextCalls(text);
  return result ? result.calls.map((call) => [call.name, JSON.parse(call.arguments)]) : 'text';
}

function streamed(text: string) {
  const filter = new TextCallFilter(new Map());
  for (let i = 0; i < text.length; i += 3) filter.push(text.slice(i, i + 3));
  const end = filter.finish(true);
  const calls: [string, unknown][] | 'text' = end.recovered
    ? end.recovered.calls.map((call) => [call.name, JSON.parse(call.arguments)])
    : 'text';
  return { calls, shown: filter.shown };
}

function streamedCallsOf(text: string): [string, unknown][] | 'text' {
  return streamed(text).calls;
}

describe('gathered answers with calls', () => {
  for (const [name, sample] of Object.entries(GATHERED)) {
    test(name, () => {
      expect(callsOf(sample.text)).toEqual(sample.expect);
      expect(streamedCallsOf(sample.text), 'streamed').toEqual(sample.expect);
      if (sample.expect === 'text') expect(sample.why).toBeTruthy();
    });
  }
});

describe('gathered text that only quotes a call', () => {
  for (const [name, sample] of Object.entries(GATHERED_QUOTES)) {
    test(name, () => {
      expect(recoverTextCalls(sample.text)).toBeUndefined();
      const run = streamed(sample.text);
      expect(run.calls, 'streamed').toBe('text');
      expect(run.shown, 'every character shown').toBe(sample.text);
    });
  }
});
