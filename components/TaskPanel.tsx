import { planPanel } from './TodoPanel';

/**
 * The task list, live: "Tasks d/n", then each task with its id, as todos are shown, a pending
 * one still waiting saying `blocked by #1`, another agent's task its owner. It follows changes
 * other processes make to the list.
 */
export const TaskPanel = planPanel((layout, state, width, maxRows) =>
  layout.taskPanel(state, width, maxRows),
);
