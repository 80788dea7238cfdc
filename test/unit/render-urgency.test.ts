import { describe, expect, test } from 'vitest';
import { isUrgentChange } from '../../src/app/render-urgency';
import { initialState } from '../../src/store/store';

const base = initialState({ model: 'm', mode: 'default', demo: false, cwd: '/tmp' });

describe('isUrgentChange', () => {
  test('streamed text, new transcript items and the clock wait for the paced frame', () => {
    const next = {
      ...base,
      live: { ...base.live, text: 'hello' },
      items: [...base.items],
      nextId: base.nextId + 1,
      tick: base.tick + 1,
      usage: { inputTokens: 1, outputTokens: 2 },
    };
    expect(isUrgentChange(next, base)).toBe(false);
    expect(isUrgentChange(base, base)).toBe(false);
  });

  test('todos, typed keys, approvals and scrolling are drawn at once', () => {
    const todos = [{ content: 'x', activeForm: 'xing', status: 'pending' as const }];
    expect(isUrgentChange({ ...base, todos }, base)).toBe(true);
    expect(isUrgentChange({ ...base, input: { text: 'a', cursor: 1 } }, base)).toBe(true);
    expect(isUrgentChange({ ...base, scrollTop: 3 }, base)).toBe(true);
    expect(isUrgentChange({ ...base, status: 'busy' }, base)).toBe(true);
  });
});
