import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppController } from '../src/app/controller';
import type { AppState } from '../src/store/types';
import type { Look } from './lines/look';

export interface AppContextValue {
  controller: AppController;
  look: Look;
  /**
   * The terminal's own cursor shows the caret (the app in a real terminal): the input
   * draws no inverse cell of its own.
   */
  terminalCursor?: boolean;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext is missing');
  return value;
}

/** Reads one value from the session store; selectors must return primitives or stable objects. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useApp().controller.view, selector);
}
