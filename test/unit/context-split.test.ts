import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/model/types';
import { chooseSplit, isSplitPoint } from '../../src/context/split';
import { messageChars, tokensOfChars } from '../../src/context/tokens';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const text = (content: string): ChatMessage => ({ role: 'assistant', content });
const calls = (...ids: string[]): ChatMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: ids.map((id) => ({
    id,
    type: 'function' as const,
    function: { name: 'bash', arguments: '{"command":"ls"}' },
  })),
});
const result = (id: string, content = 'ok'): ChatMessage => ({
  role: 'tool',
  tool_call_id: id,
  content,
});

const tokens = (messages: ChatMessage[]) =>
  messages.reduce((sum, m) => sum + tokensOfChars(messageChars(m) + 1), 0);

/** Every tool result in `kept` follows the assistant message that called it, also in `kept`. */
function callsAndResultsTogether(kept: ChatMessage[]): boolean {
  const called = new Set<string>();
  for (const message of kept) {
    if (message.role === 'assistant')
      for (const call of message.tool_calls ?? []) called.add(call.id);
    if (message.role === 'tool' && !called.has(message.tool_call_id)) return false;
  }
  return true;
}

/** A random history as the loop builds it: prompts, rounds of calls with their results, answers. */
function randomHistory(seed: number): ChatMessage[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const messages: ChatMessage[] = [user('start')];
  let id = 0;
  for (let round = 0; round < 12; round += 1) {
    const kind = next(4);
    if (kind === 0) {
      messages.push(text('answer'.repeat(next(20) + 1)), user('more'.repeat(next(10) + 1)));
      continue;
    }
    const ids = Array.from({ length: next(3) + 1 }, () => `call_${(id += 1)}`);
    messages.push(calls(...ids));
    for (const callId of ids) messages.push(result(callId, 'x'.repeat(next(400))));
    if (kind === 3) messages.push(user('<reminder>Update your todos.</reminder>'));
  }
  return messages;
}

describe('isSplitPoint', () => {
  it('is never just before a tool result', () => {
    const history = [user('go'), calls('a', 'b'), result('a'), result('b'), text('done')];
    expect(history.map((_, i) => isSplitPoint(history, i))).toEqual([
      false,
      true,
      false,
      false,
      true,
    ]);
    expect(isSplitPoint(history, history.length)).toBe(true);
  });
});

describe('chooseSplit', () => {
  it('keeps the most recent messages that fit, starting at a user or assistant message', () => {
    const history = [
      user('first'),
      calls('a'),
      result('a', 'r'.repeat(400)),
      calls('b'),
      result('b', 'short'),
      text('done'),
    ];
    const budget = tokens(history.slice(3));
    const split = chooseSplit(history, budget);
    expect(split.index).toBe(3);
    expect(split.kept).toEqual(history.slice(3));
  });

  it('never separates a tool call from its result, whatever the budget (random histories)', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const history = randomHistory(seed);
      const total = tokens(history);
      for (let budget = 0; budget <= total; budget += Math.max(1, Math.floor(total / 25))) {
        const { index, kept } = chooseSplit(history, budget);
        expect(kept[0]?.role).not.toBe('tool');
        expect(callsAndResultsTogether(kept)).toBe(true);
        if (kept.length) expect(isSplitPoint(history, index)).toBe(true);
        // What is summarised ends with the results of its last call too.
        expect(callsAndResultsTogether(history.slice(0, index))).toBe(true);
        expect(history[index]?.role ?? 'end').not.toBe('tool');
      }
    }
  });

  it('cuts the results of the last round in the middle when that round alone is too big', () => {
    const big = `HEAD${'y'.repeat(30_000)}TAIL`;
    const history = [
      user('go'),
      calls('a'),
      result('a', 'small'),
      calls('b', 'c'),
      result('b', big),
      result('c', big),
    ];
    const split = chooseSplit(history, 3_000);
    expect(split.index).toBe(3);
    expect(split.kept.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool']);
    expect(tokens(split.kept)).toBeLessThanOrEqual(3_000);
    for (const message of split.kept.slice(1)) {
      expect(message.content).toMatch(/^HEAD/);
      expect(message.content).toMatch(/TAIL$/);
      expect(message.content).toContain('characters cut');
    }
  });

  it('keeps nothing when even the cut last round cannot fit', () => {
    const history = [user('go'), calls('a'), result('a', 'z'.repeat(40_000))];
    expect(chooseSplit(history, 100)).toEqual({ index: 3, kept: [] });
  });

  it('a single message is summarised whole', () => {
    expect(chooseSplit([user('x'.repeat(10_000))], 10)).toEqual({ index: 1, kept: [] });
  });
});
