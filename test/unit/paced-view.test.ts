import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { FrameScheduler } from '../../src/app/frame-scheduler';
import { pacedView } from '../../src/app/paced-view';

// The clock is fake (timers, immediates and Date.now): each test advances it by the frame.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function setup(intervalMs: number) {
  const store = createStore<{ n: number; todo: string }>()(() => ({ n: 0, todo: 'a' }));
  const frames = new FrameScheduler({ intervalMs });
  const view = pacedView(store, frames, (state, previous) => state.todo !== previous.todo);
  const heard: string[] = [];
  const unsubscribe = view.subscribe((state) => heard.push(`${state.n}${state.todo}`));
  return { store, view, heard, unsubscribe };
}

describe('pacedView', () => {
  test('the writes of one frame reach the listeners once, with the last state', async () => {
    const { store, view, heard } = setup(0);
    store.setState({ n: 1 });
    store.setState({ n: 2 });
    store.setState({ n: 3 });
    expect(heard).toEqual([]);
    // Reads are never behind, even before the listeners hear of it.
    expect(view.getState().n).toBe(3);
    await advance(5);
    expect(heard).toEqual(['3a']);
  });

  test('paced changes are heard at most once per interval, always the latest', async () => {
    const { store, heard } = setup(200);
    store.setState({ n: 1 });
    await advance(5);
    expect(heard).toEqual(['1a']);
    store.setState({ n: 2 });
    await advance(20);
    store.setState({ n: 3 });
    await advance(20);
    expect(heard).toEqual(['1a']);
    // The next slot is 200 ms after the first (t = 0), not a millisecond sooner.
    await advance(154);
    expect(heard).toEqual(['1a']);
    await advance(1);
    expect(heard).toEqual(['1a', '3a']);
  });

  test('an urgent change is heard at once, even while a paced one waits for its slot', async () => {
    const { store, heard } = setup(300);
    store.setState({ n: 1 });
    await advance(5);
    store.setState({ n: 2 });
    await advance(5);
    expect(heard).toEqual(['1a']);
    store.setState({ todo: 'b' });
    await advance(5);
    expect(heard).toEqual(['1a', '2b']);
  });

  test('a write that changes nothing is not heard; after unsubscribing nothing is', async () => {
    const { store, heard, unsubscribe } = setup(0);
    const same = store.getState();
    store.setState(() => same);
    await advance(5);
    expect(heard).toEqual([]);
    unsubscribe();
    store.setState({ n: 5 });
    await advance(10);
    expect(heard).toEqual([]);
  });

  test('a paced change waits for its slot even when an urgent frame runs before it', async () => {
    const store = createStore<{ n: number }>()(() => ({ n: 0 }));
    const frames = new FrameScheduler({ intervalMs: 200 });
    const view = pacedView(store, frames, () => false);
    const heard: number[] = [];
    view.subscribe((state) => heard.push(state.n));
    store.setState({ n: 1 });
    await advance(5);
    store.setState({ n: 2 });
    frames.request('soon');
    await advance(20);
    expect(heard).toEqual([1]);
    await advance(174);
    expect(heard).toEqual([1]);
    await advance(1);
    expect(heard).toEqual([1, 2]);
  });
});
