import { describe, expect, test } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { coalescedStore } from '../../src/store/coalesced-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setup(intervalMs: number) {
  const store = createStore<{ n: number }>()(() => ({ n: 0 }));
  const view = coalescedStore(store, { intervalMs });
  const heard: number[] = [];
  const unsubscribe = view.subscribe((state) => heard.push(state.n));
  return { store, view, heard, unsubscribe };
}

describe('coalescedStore', () => {
  test('the writes of one tick reach the listeners once, with the last state', async () => {
    const { store, view, heard } = setup(0);
    store.setState({ n: 1 });
    store.setState({ n: 2 });
    store.setState({ n: 3 });
    expect(heard).toEqual([]);
    // Reads are never behind, even before the listeners hear of it.
    expect(view.getState().n).toBe(3);
    await sleep(0);
    expect(heard).toEqual([3]);
  });

  test('listeners hear at most once per interval, and always of the latest state', async () => {
    const { store, heard } = setup(200);
    store.setState({ n: 1 });
    await sleep(0);
    expect(heard).toEqual([1]);
    store.setState({ n: 2 });
    await sleep(20);
    store.setState({ n: 3 });
    await sleep(20);
    expect(heard).toEqual([1]);
    await sleep(400);
    expect(heard).toEqual([1, 3]);
  });

  test('a write that changes nothing is not heard; after unsubscribing nothing is', async () => {
    const { store, heard, unsubscribe } = setup(0);
    const same = store.getState();
    store.setState(() => same);
    await sleep(0);
    expect(heard).toEqual([]);
    unsubscribe();
    store.setState({ n: 5 });
    await sleep(10);
    expect(heard).toEqual([]);
  });

  test('an urgent change is heard at once, even while a paced one waits for its slot', async () => {
    const store = createStore<{ n: number; todo: string }>()(() => ({ n: 0, todo: 'a' }));
    const view = coalescedStore(store, {
      intervalMs: 300,
      urgent: (state, previous) => state.todo !== previous.todo,
    });
    const heard: string[] = [];
    view.subscribe((state) => heard.push(`${state.n}${state.todo}`));
    store.setState({ n: 1 });
    await sleep(0);
    expect(heard).toEqual(['1a']);
    store.setState({ n: 2 });
    await sleep(20);
    // Paced: still waiting for the slot.
    expect(heard).toEqual(['1a']);
    store.setState({ todo: 'b' });
    await sleep(0);
    expect(heard).toEqual(['1a', '2b']);
    // The next paced change waits a whole interval after the urgent one.
    store.setState({ n: 3 });
    await sleep(50);
    expect(heard).toEqual(['1a', '2b']);
    await sleep(500);
    expect(heard).toEqual(['1a', '2b', '3b']);
  });
});
