import { isAbsolute, relative } from 'node:path';
import type { ToolCallInput } from '../hooks/types';
import { taskKey, todoKey, type PlanItemRef } from '../protocol/checkpoints';
import type { Task } from '../protocol/tasks';
import type { Todo } from '../protocol/todos';
import { MAIN_AGENT } from '../tasks/types';

/**
 * Whether a call may change files in the roots, and so needs a point before it: a file
 * write inside them, or a command the permission analysis does not understand as read-only
 * (`isReadOnly`; builds, scripts and unknown programs may write anything). Reads, searches,
 * plan tools and the `agent` call itself change nothing; an MCP call may change anything (a subagent's own calls get theirs).
 */
export function mayChangeFiles(
  call: Pick<ToolCallInput, 'access'>,
  roots: readonly string[],
  isReadOnly: (command: string) => boolean,
): boolean {
  const { access } = call;
  switch (access.kind) {
    case 'none':
    case 'read':
      return false;
    case 'write':
      return !access.paths?.length || access.paths.some((path) => insideAny(path, roots));
    case 'exec':
      return access.command === undefined || !isReadOnly(access.command);
    case 'mcp':
      // What an MCP server does is not seen (a filesystem server writes files): a point first.
      return true;
  }
}

function insideAny(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const rel = relative(root, path);
    return !rel.startsWith('..') && !isAbsolute(rel);
  });
}

/** The todo in progress, as a point is tagged with it (`#2`: its place in the list). */
export function todoInProgress(todos: readonly Todo[]): PlanItemRef | undefined {
  const index = todos.findIndex((todo) => todo.status === 'in_progress');
  if (index < 0) return undefined;
  const text = todos[index].content;
  return { key: todoKey(text), label: `#${index + 1}`, text };
}

/** The task in progress: the main agent's, else anyone's (a subagent's own task). */
export function taskInProgress(tasks: readonly Task[]): PlanItemRef | undefined {
  const working = tasks.filter((task) => task.status === 'in_progress');
  const task = working.find((candidate) => candidate.owner === MAIN_AGENT) ?? working[0];
  return task && { key: taskKey(task.id), label: `#${task.id}`, text: task.subject };
}

/**
 * The plan item `#N` names now: the Nth todo, or task N. Undefined when there is none.
 */
export function planItemNamed(
  label: string,
  plan: { todos: readonly Todo[]; tasks?: readonly Task[] },
): PlanItemRef | undefined {
  const n = /^#?(\d+)$/.exec(label.trim())?.[1];
  if (n === undefined) return undefined;
  if (plan.tasks) {
    const task = plan.tasks.find((candidate) => candidate.id === String(Number(n)));
    return task && { key: taskKey(task.id), label: `#${task.id}`, text: task.subject };
  }
  const todo = plan.todos[Number(n) - 1];
  return todo && { key: todoKey(todo.content), label: `#${n}`, text: todo.content };
}

/** The prompt as a point keeps it: its first line, clipped. */
export function promptTag(prompt: string): string {
  const line = prompt.trim().split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
