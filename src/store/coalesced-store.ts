import type { StoreApi } from 'zustand/vanilla';

export interface CoalescedStoreOptions<T> {
  /** Least time between two notifications of the view's listeners. */
  intervalMs?: number;
  now?: () => number;
  /**
   * A change the user waits for (a todo ticked, a key typed): heard at once, without
   * waiting for the interval. Compared with the state last heard.
   */
  urgent?: (state: T, previous: T) => boolean;
}

/**
 * A view of a store whose listeners hear of changes at most once per `intervalMs`: the
 * changes of one tick are merged (a microtask later), and later ones wait for the next
 * slot (unless `urgent` says the user waits for it). Reads always see the latest state. The full-screen app renders through it, so a
 * burst of store writes costs one React commit (and one Ink frame) instead of one each.
 */
export function coalescedStore<T>(
  store: StoreApi<T>,
  options: CoalescedStoreOptions<T> = {},
): StoreApi<T> {
  const intervalMs = options.intervalMs ?? 30;
  const now = options.now ?? Date.now;
  const listeners = new Set<(state: T, previous: T) => void>();
  let notified: T = store.getState();
  let lastNotify = -Infinity;
  let scheduled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;

  const notify = () => {
    scheduled = false;
    timer = undefined;
    const state = store.getState();
    if (Object.is(state, notified)) return;
    const previous = notified;
    notified = state;
    lastNotify = now();
    for (const listener of [...listeners]) listener(state, previous);
  };
  const schedule = () => {
    // Already due this tick, or waiting for a slot and nothing urgent came: nothing to do.
    if (scheduled && !timer) return;
    const urgent = options.urgent?.(store.getState(), notified) ?? false;
    if (scheduled && !urgent) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    scheduled = true;
    const wait = urgent ? 0 : lastNotify + intervalMs - now();
    if (wait <= 0) queueMicrotask(notify);
    else timer = setTimeout(notify, wait);
  };

  return {
    getState: () => store.getState(),
    getInitialState: () => store.getInitialState(),
    setState: store.setState,
    subscribe(listener) {
      if (!listeners.size) {
        notified = store.getState();
        unsubscribe = store.subscribe(schedule);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size) return;
        unsubscribe?.();
        unsubscribe = undefined;
        if (timer) clearTimeout(timer);
        timer = undefined;
        scheduled = false;
      };
    },
  };
}
