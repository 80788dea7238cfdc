import type { Tool } from './types';
import { object, optional, string } from './schema';
import { taskId, taskIds, updateStatus } from './task-fields';
import { failed, waitNotes, onTaskList, sameFields } from './task-common';
import { updateTask } from '../tasks/store';
import { updatedText } from '../tasks/render';

const schema = object({
  taskId: taskId('The id of the task to change, e.g. "3".'),
  status: optional(
    updateStatus(
      'in_progress before you start it (only once its blockers are completed; one at a time), ' +
        'completed as soon as it is done, deleted to remove it.',
    ),
  ),
  subject: optional(string({ description: 'A new title.' })),
  description: optional(string({ description: 'A new description.' })),
  activeForm: optional(string({ description: 'A new present-continuous form.' })),
  owner: optional(string({ description: 'Hand the task to another agent by its name.' })),
  addBlockedBy: optional(taskIds('Tasks that must be completed before this one.')),
  addBlocks: optional(taskIds('Tasks that must wait for this one.')),
});

export const task_update: Tool<typeof schema> = {
  name: 'task_update',
  description:
    'Change a task of the task list: its status (pending, in_progress, completed, or deleted ' +
    'to remove it), subject, description, activeForm, owner, and dependencies (addBlockedBy: ' +
    'tasks it waits for; addBlocks: tasks that wait for it). Mark a task in_progress before ' +
    'you start it and completed as soon as it is done; the result says which tasks that ' +
    'unblocked. A task cannot start while a task blocking it is unfinished.',
  schema,
  look: { role: 'tasks', resultShape: 'text' },
  access: () => ({ kind: 'none' }),
  summary: (input) => {
    const changes = Object.keys(input).filter((key) => key !== 'taskId' && key !== 'status');
    return [`#${input.taskId}`, input.status ? `-> ${input.status}` : '', changes.join(', ')]
      .filter(Boolean)
      .join(' ');
  },
  run: (input, ctx) =>
    onTaskList(ctx, async (list) => {
      const updated = await updateTask(list, input, Date.now(), waitNotes(ctx));
      if (!updated.ok) return failed(updated.error);
      const { plan, tasks } = updated.value;
      const updatedFields = Object.keys(input).filter((key) => key !== 'taskId');
      return {
        output: updatedText(plan),
        tasks: { listId: list.id, tasks },
        claude: { response: { success: true, taskId: input.taskId, updatedFields } },
      };
    }),
  claude: sameFields('TaskUpdate'),
};
