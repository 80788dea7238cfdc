import { memo, useMemo } from 'react';
import type { AppState } from '../src/store/types';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { glyphs } from './lines/look';
import type { ChecklistView } from './lines/checklist';
import type { Line } from './lines/spans';
import { todoPanelLines } from './lines/todo-panel';

/** The spinner turns (and seconds count) while the turn runs and nothing is asked. */
const selectAnimate = (s: AppState) => s.status === 'busy' && s.pendingApproval === null;

/** How a plan panel lays out its list: todo-panel's or task-panel's function. */
type PanelLayout<T> = (items: T[], width: number, view: ChecklistView) => Line[];

/**
 * A plan panel's rows at this width, within `maxRows` (the App sizes the screen with them):
 * the list, its items' start times and the layout come from the panel. The selectors must be
 * stable (module-level) functions.
 */
export function usePlanPanelLines<T extends { status: string }>(
  width: number,
  maxRows: number,
  selectItems: (state: AppState) => T[],
  selectStartedAt: (state: AppState) => Record<string, number>,
  layout: PanelLayout<T>,
): Line[] {
  const { look } = useApp();
  const items = useAppState(selectItems);
  const startedAt = useAppState(selectStartedAt);
  const collapsed = useAppState((s) => s.todosCollapsed);
  const animate = useAppState(selectAnimate);
  // The clock matters only while an item is in progress in a running turn (its seconds).
  const clock = useAppState((s) =>
    s.status === 'busy' && selectItems(s).some((item) => item.status === 'in_progress')
      ? s.tick
      : -1,
  );
  return useMemo(
    () => layout(items, width, { look, now: Date.now(), startedAt, animate, collapsed, maxRows }),
    // `clock` is not read: it re-lays the panel each second for the item's seconds.
    [items, width, look, startedAt, animate, collapsed, maxRows, clock, layout],
  );
}

const selectTodos = (s: AppState) => s.todos;
const selectTodoStarts = (s: AppState) => s.todoStartedAt;

/** The todo panel's rows at this width, within `maxRows`. */
export function useTodoPanelLines(width: number, maxRows: number): Line[] {
  return usePlanPanelLines(width, maxRows, selectTodos, selectTodoStarts, todoPanelLines);
}

export interface PlanPanelProps {
  width: number;
  maxRows: number;
  /** Beside the transcript: a bar before each row. */
  gutter?: boolean;
}

/** A plan panel over its rows hook: beside the transcript (`gutter`) or above the input. */
export function planPanel(useLines: (width: number, maxRows: number) => Line[]) {
  return memo(function PlanPanel({ width, maxRows, gutter = false }: PlanPanelProps) {
    const { look } = useApp();
    const lines = useLines(gutter ? width - 2 : width, maxRows);
    const shown = useMemo(() => {
      if (!gutter) return lines;
      const bar: Line = [{ text: `${glyphs(look).bar} `, style: { dim: true } }];
      return lines.map((line) => [...bar, ...line]);
    }, [lines, gutter, look]);
    return <Lines lines={shown} look={look} width={width} />;
  });
}

/**
 * The live checklist: "Todos d/n", then ☐ pending, a spinner beside the in-progress item's
 * activeForm, ☑ completed. Beside the transcript (`gutter`) or above the input.
 */
export const TodoPanel = planPanel(useTodoPanelLines);
