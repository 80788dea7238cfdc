import type { AgentState } from './loop';
import type { TaskListRef } from '../tasks/types';
import { todoPlanText } from '../todos/render';
import { renderTaskList } from '../tasks/render';
import { readTaskList } from '../tasks/store';

/**
 * The current plan as the model sees it in a plan tool's result: the todo list, or the task
 * list read from disk (other processes may have changed it). For putting the plan back into
 * a context that lost it; '' when there is no plan (an empty list), so a compaction says
 * nothing about a plan rather than "No todos.".
 */
export async function currentPlanText(
  state: Pick<AgentState, 'todos'>,
  taskList: TaskListRef | undefined,
): Promise<string> {
  if (!taskList) return todoPlanText(state.todos);
  const tasks = await readTaskList(taskList.dir);
  return tasks.length ? `Task list ${taskList.id}:\n${renderTaskList(tasks)}` : '';
}
