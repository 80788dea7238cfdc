/** The task list as the model reads it: tool results and the plan re-injected after compaction. */
import { blockedTasks, byIdMap, openBlockers, tag, tags } from './graph';
import type { UpdatePlan } from './rules';
import type { Task } from '../protocol/tasks';

export function taskCounts(tasks: readonly Task[]): { done: number; total: number } {
  return { done: tasks.filter((task) => task.status === 'completed').length, total: tasks.length };
}

/** `#2 [pending] Test the parser (owner: main) blocked by #1`. */
export function taskLine(task: Task, byId: ReadonlyMap<string, Task>): string {
  const open = task.status === 'completed' ? [] : openBlockers(task, byId);
  const blocked = open.length ? ` blocked by ${tags(open)}` : '';
  return `${tag(task.id)} [${task.status}] ${task.subject} (owner: ${task.owner})${blocked}`;
}

/**
 * task_list's result: one line per task (id, status, subject, owner, open blockers), a blank
 * line, `(d/n completed)`. An empty list says how to start one.
 */
export function renderTaskList(tasks: readonly Task[]): string {
  if (tasks.length === 0) return 'No tasks yet. Plan the work with task_create.';
  const byId = byIdMap(tasks);
  const { done, total } = taskCounts(tasks);
  return `${tasks.map((task) => taskLine(task, byId)).join('\n')}\n\n(${done}/${total} completed)`;
}

/** task_list's card line: `4 tasks: 1 completed, 1 in progress` (or `no tasks yet`). */
export function taskListFound(tasks: readonly Task[]): string {
  if (tasks.length === 0) return 'no tasks yet';
  const count = (status: Task['status']) => tasks.filter((task) => task.status === status).length;
  const parts = [
    `${count('completed')} completed`,
    count('in_progress') ? `${count('in_progress')} in progress` : '',
  ].filter(Boolean);
  return `${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}: ${parts.join(', ')}`;
}

function named(ids: readonly string[], byId: ReadonlyMap<string, Task>): string {
  return ids
    .map((id) => {
      const task = byId.get(id);
      return task ? `${tag(id)} ${task.subject} (${task.status})` : tag(id);
    })
    .join(', ');
}

/** task_get's result: the task with its description, status, owner, blockers and what it blocks. */
export function renderTask(task: Task, tasks: readonly Task[]): string {
  const byId = byIdMap(tasks);
  const blocks = blockedTasks(task.id, tasks).map((other) => other.id);
  const lines = [
    `Task ${tag(task.id)}: ${task.subject}`,
    `Status: ${task.status}`,
    `Owner: ${task.owner}`,
  ];
  if (task.activeForm) lines.push(`Active form: ${task.activeForm}`);
  lines.push(`Blocked by: ${task.blockedBy.length ? named(task.blockedBy, byId) : 'nothing'}`);
  lines.push(`Blocks: ${blocks.length ? named(blocks, byId) : 'nothing'}`);
  lines.push('Description:', task.description || '(none)');
  return lines.join('\n');
}

/** task_create's result: `Task #2 created: Test the parser (blocked by #1)`. */
export function createdText(task: Task, tasks: readonly Task[]): string {
  const open = openBlockers(task, byIdMap(tasks));
  return `Task ${tag(task.id)} created: ${task.subject}${open.length ? ` (blocked by ${tags(open)})` : ''}`;
}

function unblockedText(plan: UpdatePlan): string {
  if (!plan.unblocked.length) return '';
  const list = plan.unblocked.map((task) => `${tag(task.id)} ${task.subject}`).join(', ');
  return ` Unblocked: ${list}.`;
}

/** task_update's result: what changed, and the tasks a completion (or deletion) unblocked. */
export function updatedText(plan: UpdatePlan): string {
  const { task } = plan;
  const id = tag(task.id);
  if (plan.deleted) return `Task ${id} deleted: ${task.subject}.${unblockedText(plan)}`;
  if (!plan.fields.length) return `Task ${id} unchanged: ${task.subject}.`;
  const others = plan.fields.filter((field) => field !== 'status');
  const rest = others.length ? ` (updated ${others.join(', ')})` : '';
  const head = !plan.fields.includes('status')
    ? `Task ${id} updated: ${task.subject}${rest}.`
    : task.status === 'completed'
      ? `Task ${id} completed: ${task.subject}${rest}.`
      : `Task ${id} is now ${task.status}: ${task.subject}${rest}.`;
  return `${head}${unblockedText(plan)}`;
}
