import type { AppState } from '../src/store/types';
import type { Line } from './lines/spans';
import { taskPanelLines } from './lines/task-panel';
import { planPanel, usePlanPanelLines } from './TodoPanel';

const selectTasks = (s: AppState) => s.tasks;
const selectTaskStarts = (s: AppState) => s.taskStartedAt;

/** The task panel's rows at this width, within `maxRows`: the App sizes the screen with them. */
export function useTaskPanelLines(width: number, maxRows: number): Line[] {
  return usePlanPanelLines(width, maxRows, selectTasks, selectTaskStarts, taskPanelLines);
}

/**
 * The task list, live: "Tasks d/n", then each task with its id, as todos are shown, a pending
 * one still waiting saying `blocked by #1`, another agent's task its owner. It follows changes
 * other processes make to the list.
 */
export const TaskPanel = planPanel(useTaskPanelLines);
