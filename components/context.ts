import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { coalescedStore } from '../src/store/coalesced-store';
import { isUrgentChange } from '../src/store/render-urgency';
import type { AppController } from '../src/store/controller';
import type { AppStore } from '../src/store/store';
import type { AppState } from '../src/store/types';
import type { Look } from './lines/look';

export interface AppContextValue {
  controller: AppController;
  look: Look;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext is missing');
  return value;
}

// One coalesced view per store, shared by every component, so a burst of writes is one commit.
const views = new WeakMap<AppStore, AppStore>();

function viewOf(store: AppStore): AppStore {
  let view = views.get(store);
  // Unpaced (tests): only the writes of one tick are merged.
  if (!view) views.set(store, (view = coalescedStore(store, { intervalMs: 0 })));
  return view;
}

/**
 * Lets the app's components hear of store changes at most once per `intervalMs` (the frame
 * rate): every commit builds a whole frame, so writes between two frames cost nothing.
 * Changes the user waits for (todos, keys, approvals) are drawn at once, unpaced.
 * Call before the app renders.
 */
export function paceRenders(store: AppStore, intervalMs: number): void {
  views.set(store, coalescedStore(store, { intervalMs, urgent: isUrgentChange }));
}

/** Reads one value from the session store; selectors must return primitives or stable objects. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(viewOf(useApp().controller.store), selector);
}
