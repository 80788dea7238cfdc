import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { EventBatcher } from '../../src/app/batcher';
import { FrameScheduler, TODO_SETTLE_MS } from '../../src/app/frame-scheduler';
import { createAppStore } from '../../src/store/store';
import type { AppState } from '../../src/store/types';
import { lookOf } from '../../src/tools/registry';

// The clock is fake (timers, immediates and Date.now): each test advances it by the frame.
beforeEach(() => vi.useFakeTimers());
const batchers: EventBatcher[] = [];
afterEach(() => {
  batchers.splice(0).forEach((b) => b.dispose());
  vi.useRealTimers();
});

function setup() {
  const store = createAppStore({ model: 'm', mode: 'default', demo: false, cwd: '/w' });
  const states: AppState[] = [];
  store.subscribe((state) => states.push(state));
  const batcher = new EventBatcher(store, new FrameScheduler({ intervalMs: 30 }));
  batchers.push(batcher);
  return { store, states, batcher };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** The next macrotasks, with no time passing. */
const tick = () => advance(0);

test('a burst of deltas is one store update', async () => {
  const { store, states, batcher } = setup();
  for (let i = 0; i < 100; i++) {
    batcher.push({ type: 'text_delta', text: 'x' });
    if (i % 10 === 0) await Promise.resolve();
  }
  expect(states).toHaveLength(0);
  await advance(80);
  expect(states).toHaveLength(1);
  expect(store.getState().live.text).toBe('x'.repeat(100));
});

test('an approval question is not held back by the batch interval', async () => {
  const { store, batcher } = setup();
  batcher.push({
    type: 'tool_call_ready',
    id: 'a',
    name: 'bash',
    look: lookOf('bash'),
    input: {},
    summary: 'rm x',
  });
  batcher.push({
    type: 'permission_asked',
    request: { callId: 'a', toolName: 'bash', look: lookOf('bash'), subject: 'rm x', reason: 'rm' },
  });
  await tick();
  await tick();
  expect(store.getState().live.tools[0].status).toBe('asking');
});

test('the todo_write card and the panel change in the same update', async () => {
  const { states, batcher } = setup();
  const todos = [{ content: 'A', status: 'in_progress' as const }];
  batcher.push({
    type: 'tool_call_ready',
    id: 't',
    name: 'todo_write',
    look: lookOf('todo_write'),
    input: {},
    summary: '1 todo',
  });
  await advance(50);
  const before = states.length;
  batcher.push({
    type: 'tool_result',
    id: 't',
    name: 'todo_write',
    look: lookOf('todo_write'),
    status: 'ok',
    output: '[>] A',
    durationMs: 1,
  } as AgentEvent);
  // The loop yields todos_updated a little later (another macrotask).
  await tick();
  await tick();
  batcher.push({ type: 'todos_updated', todos });
  await advance(80);
  const after = states.slice(before);
  expect(after).toHaveLength(1);
  expect(after[0].todos).toEqual(todos);
  expect(after[0].items[after[0].items.length - 1]).toMatchObject({
    kind: 'tool',
    card: { name: 'todo_write', status: 'ok' },
  });
});

test('the new todo list goes out as soon as it comes, with its card', async () => {
  const { store, states, batcher } = setup();
  const todos = [{ content: 'A', status: 'completed' as const }];
  batcher.push({
    type: 'tool_call_ready',
    id: 't',
    name: 'todo_write',
    look: lookOf('todo_write'),
    input: {},
    summary: '',
  });
  batcher.push({
    type: 'tool_result',
    id: 't',
    name: 'todo_write',
    look: lookOf('todo_write'),
    status: 'ok',
    output: '[x] A',
    durationMs: 1,
  } as AgentEvent);
  await tick();
  await tick();
  // Still waiting for the list: the card alone would tick before the panel.
  expect(store.getState().todos).toEqual([]);
  expect(states).toHaveLength(0);
  batcher.push({ type: 'todos_updated', todos });
  // At once: not after whatever the loop does next in this tick.
  expect(states).toHaveLength(1);
  expect(store.getState().todos).toEqual(todos);
  expect(store.getState().items[store.getState().items.length - 1]).toMatchObject({
    kind: 'tool',
    card: { name: 'todo_write', status: 'ok' },
  });
});

test('a todo_write result whose list never comes is shown anyway', async () => {
  const { store, batcher } = setup();
  batcher.push({
    type: 'tool_result',
    id: 't',
    name: 'todo_write',
    look: lookOf('todo_write'),
    status: 'ok',
    output: '[x] A',
    durationMs: 1,
  } as AgentEvent);
  const last = () => store.getState().items[store.getState().items.length - 1];
  await advance(TODO_SETTLE_MS - 1);
  expect(last().kind).not.toBe('tool');
  await advance(1);
  expect(last()).toMatchObject({
    kind: 'tool',
    card: { name: 'todo_write' },
  });
});
