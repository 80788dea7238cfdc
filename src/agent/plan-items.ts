import type { Todo } from '../protocol/todos';
import type { TaskListSnapshot } from '../protocol/tasks';
import type { PlanItem } from '../permissions/item-grants';
import { MAIN_AGENT } from '../tasks/types';

/** The plan items in progress: the todo list's, or the main agent's tasks. */
export function itemsInProgress(
  todos: readonly Todo[],
  tasks: TaskListSnapshot | undefined,
): PlanItem[] {
  const items: PlanItem[] = todos
    .filter((todo) => todo.status === 'in_progress')
    .map((todo) => ({ key: `todo:${todo.content}`, text: todo.content }));
  for (const task of tasks?.tasks ?? [])
    if (task.status === 'in_progress' && task.owner === MAIN_AGENT)
      items.push({ key: `task:${task.id}`, text: `#${task.id} ${task.subject}` });
  return items;
}
