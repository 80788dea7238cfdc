import { describe, expect, test } from 'vitest';
import { initialState } from '../../src/store/store';
import { clearedConversation, historyStep, scrolledBy } from '../../src/store/view-state';
import type { AppState } from '../../src/store/types';

const base = initialState({ model: 'm', mode: 'default', demo: false, cwd: '/tmp' });
const withHistory: AppState = { ...base, history: ['first', 'second'] };

describe('historyStep', () => {
  test('up walks back from the newest prompt and stops at the oldest', () => {
    const one = { ...withHistory, ...historyStep(withHistory, -1) };
    expect([one.historyIndex, one.input.text]).toEqual([1, 'second']);
    const two = { ...one, ...historyStep(one, -1) };
    expect([two.historyIndex, two.input.text]).toEqual([0, 'first']);
    expect(historyStep(two, -1)).toMatchObject({ historyIndex: 0 });
  });

  test('down past the newest gives an empty input; no history, no change', () => {
    const newest = { ...withHistory, historyIndex: 1 };
    expect(historyStep(newest, 1)).toMatchObject({ historyIndex: null, input: { text: '' } });
    expect(historyStep(base, -1)).toEqual({});
  });
});

describe('scrolledBy', () => {
  const viewport = { totalRows: 100, height: 20 };
  test('up from following starts 80 rows down; down to the bottom follows again', () => {
    expect(scrolledBy(base, -10, viewport)).toEqual({ scrollTop: 70 });
    expect(scrolledBy({ ...base, scrollTop: 70 }, 10, viewport)).toEqual({ scrollTop: null });
    expect(scrolledBy({ ...base, scrollTop: 5 }, -50, viewport)).toEqual({ scrollTop: 0 });
  });

  test('a transcript shorter than the screen cannot scroll', () => {
    expect(scrolledBy(base, -5, { totalRows: 10, height: 20 })).toEqual({ scrollTop: null });
  });
});

test('clearedConversation keeps the banner and says so; todos, usage and context go', () => {
  const busy: AppState = {
    ...base,
    items: [
      { kind: 'banner', id: 1, model: 'm', cwd: '/tmp', demo: false },
      { kind: 'user', id: 2, text: 'hello' },
    ] as AppState['items'],
    todos: [{ content: 'a', activeForm: 'doing a', status: 'pending' }],
    usage: { inputTokens: 5, outputTokens: 6 },
    scrollTop: 3,
  };
  const cleared = clearedConversation(busy);
  expect(cleared.items.map((item) => item.kind)).toEqual(['banner', 'info']);
  expect(cleared.items[1]).toMatchObject({ text: 'New conversation.' });
  expect([cleared.todos, cleared.usage, cleared.scrollTop]).toEqual([
    [],
    { inputTokens: 0, outputTokens: 0 },
    null,
  ]);
});
