import { memo, useMemo } from 'react';
import type { AppState } from '../src/store/types';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { glyphs } from './lines/look';
import type { Line } from './lines/spans';
import { todoPanelLines } from './lines/todo-panel';

/** The clock matters only while an item is in progress in a running turn (its seconds). */
const selectClock = (state: AppState) =>
  state.status === 'busy' && state.todos.some((todo) => todo.status === 'in_progress')
    ? state.tick
    : -1;

/** The panel's rows at this width, within `maxRows`: the App sizes the screen with them. */
export function useTodoPanelLines(width: number, maxRows: number): Line[] {
  const { look } = useApp();
  const todos = useAppState((s) => s.todos);
  const startedAt = useAppState((s) => s.todoStartedAt);
  const collapsed = useAppState((s) => s.todosCollapsed);
  // The spinner turns (and seconds count) while the turn runs and nothing is asked.
  const animate = useAppState((s) => s.status === 'busy' && s.pendingApproval === null);
  const clock = useAppState(selectClock);
  return useMemo(
    () =>
      todoPanelLines(todos, width, {
        look,
        now: Date.now(),
        startedAt,
        animate,
        collapsed,
        maxRows,
      }),
    // `clock` is not read: it re-lays the panel each second for the item's seconds.
    [todos, width, look, startedAt, animate, collapsed, maxRows, clock],
  );
}

/**
 * The live checklist: "Todos d/n", then ☐ pending, a spinner beside the in-progress item's
 * activeForm, ☑ completed. Beside the transcript (`gutter`) or above the input.
 */
export const TodoPanel = memo(function TodoPanel({
  width,
  maxRows,
  gutter = false,
}: {
  width: number;
  maxRows: number;
  gutter?: boolean;
}) {
  const { look } = useApp();
  const lines = useTodoPanelLines(gutter ? width - 2 : width, maxRows);
  const shown = useMemo(() => {
    if (!gutter) return lines;
    const bar: Line = [{ text: `${glyphs(look).bar} `, style: { dim: true } }];
    return lines.map((line) => [...bar, ...line]);
  }, [lines, gutter, look]);
  return <Lines lines={shown} look={look} width={width} />;
});
