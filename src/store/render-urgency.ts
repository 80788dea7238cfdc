import type { AppState } from './types';

/**
 * Parts of the state that change all the time while a turn runs (the streamed text, the
 * transcript, token counts, the animation clock): they wait for the next paced frame.
 */
const PACED_KEYS: ReadonlySet<keyof AppState> = new Set<keyof AppState>([
  'items',
  'nextId',
  'live',
  'usage',
  'turnUsage',
  'context',
  'tick',
  'todoStartedAt',
]);

/**
 * Whether a state change is one the user waits to see (a todo ticked, a key typed, an
 * approval asked, scrolling, the turn starting or ending): drawn at once, not paced.
 */
export function isUrgentChange(state: AppState, previous: AppState): boolean {
  for (const key of Object.keys(state) as (keyof AppState)[]) {
    if (!PACED_KEYS.has(key) && state[key] !== previous[key]) return true;
  }
  return false;
}
