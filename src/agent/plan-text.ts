import type { AgentState } from './loop';
import type { TaskListRef } from '../tasks/types';
import { renderTodos } from '../todos/render';
import { renderTaskList } from '../tasks/render';
import { readTaskList } from '../tasks/store';

/**
 * The current plan as the model sees it in a plan tool's result: the todo list, or the task
 * list read from disk (other processes may have changed it). For putting the plan back into
 * a context that lost it.
 */
export async function currentPlanText(
  state: Pick<AgentState, 'todos'>,
  taskList: TaskListRef | undefined,
): Promise<string> {
  if (!taskList) return renderTodos(state.todos);
  return `Task list ${taskList.id}:\n${renderTaskList(await readTaskList(taskList.dir))}`;
}
