import type { Tool } from './types';
import { object } from './schema';
import { onTaskList, sameFields } from './task-common';
import { readTaskList } from '../tasks/store';
import { renderTaskList, taskListFound } from '../tasks/render';

const schema = object({});

export const task_list: Tool<typeof schema> = {
  name: 'task_list',
  description:
    'Show the whole task list: one line per task with its id, status, subject, owner and the ' +
    'unfinished tasks blocking it, then how many are completed. Other agents may share the ' +
    'list, so check it before picking the next task; start only tasks that nothing blocks.',
  schema,
  look: { role: 'tasks', resultShape: 'plan' },
  access: () => ({ kind: 'none' }),
  summary: () => '',
  run: (_input, ctx) =>
    onTaskList(ctx, async (list) => {
      const tasks = await readTaskList(list.dir);
      const summary = tasks.map(({ id, subject, status, owner, blockedBy }) => ({
        id,
        subject,
        status,
        owner,
        blockedBy,
      }));
      return {
        output: renderTaskList(tasks),
        display: { found: taskListFound(tasks) },
        tasks: { listId: list.id, tasks },
        claude: { response: { tasks: summary } },
      };
    }),
  claude: sameFields('TaskList'),
};
