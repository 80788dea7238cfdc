import type { Tool } from './types';
import { object, optional, string } from './schema';
import { taskIds } from './task-fields';
import { failed, waitNotes, onTaskList, sameFields } from './task-common';
import { createTask } from '../tasks/store';
import { createdText } from '../tasks/render';

const schema = object({
  subject: string({ description: 'A short imperative title: "Write the parser".' }),
  description: optional(
    string({ description: 'What the task involves and how to tell it is done.' }),
  ),
  activeForm: optional(
    string({
      description: 'Present continuous, shown while it is in progress: "Writing the parser".',
    }),
  ),
  blockedBy: optional(
    taskIds('Ids of existing tasks that must be completed before this one can start, e.g. ["1"].'),
  ),
});

export const task_create: Tool<typeof schema> = {
  name: 'task_create',
  description:
    'Add a task to the task list, which is saved to disk and outlives this conversation. ' +
    'Before a multi-step job, create one task per step; give blockedBy for steps that must ' +
    'wait for others. Returns the new task id (e.g. "Task #2 created: ..."). Then use ' +
    'task_update to mark a task in_progress before you start it and completed when it is ' +
    'done; task_list shows the whole list, task_get one task in full.',
  schema,
  look: { role: 'tasks', resultShape: 'text' },
  access: () => ({ kind: 'none' }),
  summary: (input) =>
    input.blockedBy?.length
      ? `${input.subject} (blocked by ${input.blockedBy.map((id) => `#${id}`).join(', ')})`
      : input.subject,
  run: (input, ctx) =>
    onTaskList(ctx, async (list) => {
      const created = await createTask(list, input, ctx.agentName, Date.now(), waitNotes(ctx));
      if (!created.ok) return failed(created.error);
      const { task, tasks } = created.value;
      return {
        output: createdText(task, tasks),
        tasks: { listId: list.id, tasks },
        claude: { response: { task: { id: task.id, subject: task.subject } } },
      };
    }),
  claude: sameFields('TaskCreate'),
};
