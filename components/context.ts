import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppController } from '../src/app/controller';
import type { AppState } from '../src/store/types';
import type { Look } from './lines/look';
import type { Layout } from './screen-layout';

export interface AppContextValue {
  controller: AppController;
  /** The screen's layout, which every component asks for its part. */
  layout: Layout;
  /** The layout's look (colour, Unicode), for the components that draw. */
  look: Look;
}

export const AppContext = createContext<AppContextValue | null>(null);

/** The context the app's components run in. */
export function appContext(controller: AppController, layout: Layout): AppContextValue {
  return { controller, layout, look: layout.look };
}

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext is missing');
  return value;
}

/**
 * Reads one value from the session store; selectors must return primitives or stable
 * objects (the layout's parts are stable: asked again with the same state, the same object).
 */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useApp().controller.view, selector);
}
