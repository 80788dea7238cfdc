import type { Tool } from './types';
import { object } from './schema';
import { taskId } from './task-fields';
import { failed, onTaskList, sameFields } from './task-common';
import { readTaskList } from '../tasks/store';
import { renderTask } from '../tasks/render';

const schema = object({ taskId: taskId('The id of the task, e.g. "3".') });

export const task_get: Tool<typeof schema> = {
  name: 'task_get',
  description:
    'Read one task of the task list in full: subject, description, status, owner, the tasks ' +
    'it is blocked by and the tasks it blocks. Use it before starting a task created earlier ' +
    'or by another agent. task_list gives the overview; task_update changes a task.',
  schema,
  look: { role: 'tasks', resultShape: 'text' },
  access: () => ({ kind: 'none' }),
  summary: (input) => `#${input.taskId}`,
  run: (input, ctx) =>
    onTaskList(ctx, async (list) => {
      const tasks = await readTaskList(list.dir);
      const task = tasks.find((candidate) => candidate.id === input.taskId);
      if (!task)
        return failed(`Error: no task #${input.taskId} in this list (task_list shows them)`);
      const { id, subject, description, status, blockedBy } = task;
      const blocks = tasks.filter((other) => other.blockedBy.includes(id)).map((other) => other.id);
      return {
        output: renderTask(task, tasks),
        tasks: { listId: list.id, tasks },
        claude: { response: { task: { id, subject, description, status, blocks, blockedBy } } },
      };
    }),
  claude: sameFields('TaskGet'),
};
