import type { StoreApi } from 'zustand/vanilla';
import type { FrameInfo, FrameScheduler } from './frame-scheduler';

/**
 * A view of a store whose listeners hear of changes in the frame scheduler's `state` step:
 * a burst of writes costs one React commit, and one Ink frame, instead of one each.
 * `urgent` says which changes the user waits for (heard in the next frame); the rest are
 * heard at the next paced slot. Reads always see the latest state.
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

  const notify = (frame: FrameInfo) => {
    const state = store.getState();
    if (Object.is(state, notified)) return;
    // An urgent frame shows only what the user waits for; the rest keeps its slot.
    if (!frame.paced && !urgent(state, notified)) return frames.request('paced');
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
