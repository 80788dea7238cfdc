import type { AppState } from '../store/types';

/**
 * How soon a change of each part of the state reaches the screen. `urgent`: the user waits
 * for it (a key typed, a todo ticked, an approval asked, scrolling, a turn starting or
 * ending), drawn at once. `paced`: it changes all the time while a turn runs (streamed
 * text, the transcript, token counts, the clock), drawn at the next frame slot. A new part
 * of the state must be placed here (the record is exhaustive).
 */
const URGENCY: Record<keyof AppState, 'urgent' | 'paced'> = {
  items: 'paced',
  nextId: 'paced',
  live: 'paced',
  usage: 'paced',
  turnUsage: 'paced',
  context: 'paced',
  mcp: 'paced',
  tick: 'paced',
  todoStartedAt: 'paced',
  taskStartedAt: 'paced',
  todos: 'urgent',
  tasks: 'urgent',
  undoneItems: 'urgent',
  taskListId: 'urgent',
  pendingApproval: 'urgent',
  rewind: 'urgent',
  children: 'paced',
  agents: 'urgent',
  status: 'urgent',
  turnStartedAt: 'urgent',
  mode: 'urgent',
  sandbox: 'urgent',
  model: 'urgent',
  demo: 'urgent',
  replayOf: 'urgent',
  unsaved: 'urgent',
  queue: 'urgent',
  input: 'urgent',
  history: 'urgent',
  historyIndex: 'urgent',
  scrollTop: 'urgent',
  planPanel: 'urgent',
  expandLatest: 'urgent',
  notice: 'urgent',
  itemGrants: 'urgent',
  retry: 'urgent',
};

const URGENT_KEYS = (Object.keys(URGENCY) as (keyof AppState)[]).filter(
  (key) => URGENCY[key] === 'urgent',
);

/** Whether a state change is one the user waits to see (drawn at once, not paced). */
export function isUrgentChange(state: AppState, previous: AppState): boolean {
  return URGENT_KEYS.some((key) => state[key] !== previous[key]);
}
