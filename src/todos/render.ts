import type { Todo, TodoStatus } from '../protocol/todos';
import { assertNever } from '../util/assert-never';

export function todoMarker(status: TodoStatus): string {
  switch (status) {
    case 'pending':
      return '[ ]';
    case 'in_progress':
      return '[>]';
    case 'completed':
      return '[x]';
    default:
      return assertNever(status);
  }
}

/**
 * The list as todo_write returns it to the model: one `[ ]`/`[>]`/`[x]` line per
 * item, a blank line, `(done/total completed)`. An empty list is `No todos.`.
 */
export function renderTodos(todos: readonly Todo[]): string {
  if (todos.length === 0) return 'No todos.';
  const lines = todos.map((todo) => `${todoMarker(todo.status)} ${todo.content}`);
  const done = todos.filter((todo) => todo.status === 'completed').length;
  return `${lines.join('\n')}\n\n(${done}/${todos.length} completed)`;
}

/**
 * The plan as the model should see it again after a compaction: the rendered list, or ''
 * when there is none. The task list (V2) provides its own.
 */
export function todoPlanText(todos: readonly Todo[]): string {
  return todos.length ? renderTodos(todos) : '';
}
