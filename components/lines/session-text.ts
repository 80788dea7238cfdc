import type { AppState } from '../../src/store/types';
import { itemLines, liveLines } from './items';
import type { Look } from './look';
import { toAnsi } from './spans';

/**
 * The whole conversation for the normal screen after the app exits: prompts, answers,
 * tool calls with their status, and the final todo list.
 */
export function sessionText(state: AppState, width: number, look: Look): string {
  const rows: string[] = [];
  for (const item of state.items) {
    for (const line of itemLines(item, width, { look, expanded: false, latest: false }))
      rows.push(toAnsi(line, look));
  }
  const live = liveLines(state.live, width, {
    look,
    tick: 0,
    now: Date.now(),
    animate: false,
    expandedId: null,
    latestId: null,
    afterTool: false,
  });
  for (const line of live) rows.push(toAnsi(line, look));
  if (state.todos.length) {
    const todos = itemLines({ kind: 'todos', id: -1, todos: state.todos }, width, {
      look,
      expanded: false,
      latest: false,
    });
    for (const line of todos) rows.push(toAnsi(line, look));
  }
  return `${rows.join('\n')}\n`;
}
