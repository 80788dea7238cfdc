import type { StoreApi } from 'zustand/vanilla';
import type { FrameScheduler } from './frame-scheduler';

/**
 * A view of a store whose listeners hear of changes once per frame (the scheduler's
 * `state` step): a burst of writes costs one React commit, and one Ink frame, instead of
 * one each. `urgent` says which changes the user waits for (drawn in the next macrotask);
 * the rest wait for the paced slot. Reads always see the latest state.
 */
export function pacedView<T>(
  store: StoreApi<T>,
  frames: FrameScheduler,
  urgent: (state: T, previous: T) => boolean,
): StoreApi<T> {
  const listeners = new Set<(state: T, previous: T) => void>();
  let notified: T = store.getState();
  let removeStep: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;

  const notify = () => {
    const state = store.getState();
    if (Object.is(state, notified)) return;
    const previous = notified;
    notified = state;
    for (const listener of [...listeners]) listener(state, previous);
  };
  const changed = () => frames.request(urgent(store.getState(), notified) ? 'soon' : 'paced');

  return {
    getState: () => store.getState(),
    getInitialState: () => store.getInitialState(),
    setState: store.setState,
    subscribe(listener) {
      if (!listeners.size) {
        notified = store.getState();
        unsubscribe = store.subscribe(changed);
        removeStep = frames.onFrame('state', notify);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size) return;
        unsubscribe?.();
        removeStep?.();
        unsubscribe = removeStep = undefined;
      };
    },
  };
}
