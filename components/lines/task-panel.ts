import { openBlockers } from '../../src/tasks/graph';
import { MAIN_AGENT } from '../../src/tasks/types';
import { taskKey } from '../../src/protocol/checkpoints';
import { type Task } from '../../src/protocol/tasks';
import {
  checklistCounts,
  checklistItemRows,
  checklistLines,
  type ChecklistItem,
  type ChecklistView,
} from './checklist';
import type { Look } from './look';
import type { Line, Span } from './spans';

const DIM = { dim: true };

/** A task as a panel row: `#2` before its subject, open blockers (when pending) and owner after. */
export function taskItem(task: Task, byId: ReadonlyMap<string, Task>): ChecklistItem {
  const suffix: Span[] = [];
  const open = task.status === 'pending' ? openBlockers(task, byId) : [];
  if (open.length)
    suffix.push({
      text: `  blocked by ${open.map((id) => `#${id}`).join(', ')}`,
      style: DIM,
      keep: true,
    });
  // The top-level agent's tasks are the usual case; another owner is worth a word.
  if (task.owner !== MAIN_AGENT)
    suffix.push({ text: `  @${task.owner}`, style: { fg: 'magenta' }, keep: true });
  return {
    key: task.id,
    status: task.status,
    text: task.subject,
    ...(task.activeForm ? { activeForm: task.activeForm } : {}),
    prefix: [{ text: `#${task.id} `, style: DIM }],
    suffix,
  };
}

/**
 * The task list as a panel: "Tasks d/n", then each task as a todo is shown (☐, a spinner
 * beside the activeForm, ☑), with `blocked by #1, #3` on a pending task still waiting.
 */
export function taskPanelLines(tasks: readonly Task[], width: number, view: ChecklistView): Line[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return checklistLines(
    'Tasks',
    tasks.map((task) => ({
      ...taskItem(task, byId),
      ...(view.undone?.has(taskKey(task.id)) ? { undone: true } : {}),
    })),
    width,
    view,
  );
}

/** The list as printed after the app exits: "Tasks d/n" and every task, nothing animated. */
export function taskListRows(tasks: readonly Task[], width: number, look: Look): Line[] {
  if (!tasks.length) return [];
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const { done, total } = checklistCounts(tasks);
  const view = { look, now: 0, startedAt: {}, animate: false, collapsed: false, maxRows: Infinity };
  return [
    [{ text: `Tasks ${done}/${total}`, style: { bold: true } }],
    ...tasks.flatMap((task) => checklistItemRows(taskItem(task, byId), width, view)),
  ];
}
