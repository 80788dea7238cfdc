import { todoKey } from '../../src/protocol/checkpoints';
import type { Todo } from '../../src/protocol/todos';
import {
  checklistCounts,
  checklistItemRows,
  checklistLines,
  type ChecklistItem,
  type ChecklistView,
} from './checklist';
import type { Line } from './spans';

export type TodoView = ChecklistView;

function todoItem(todo: Todo, undone?: ReadonlySet<string>): ChecklistItem {
  return {
    key: todo.content,
    status: todo.status,
    text: todo.content,
    activeForm: todo.activeForm,
    ...(undone?.has(todoKey(todo.content)) ? { undone: true } : {}),
  };
}

export function todoCounts(todos: Todo[]): { done: number; total: number } {
  return checklistCounts(todos);
}

/** One item as wrapped rows, with a hanging indent under its text. */
export function todoItemRows(todo: Todo, width: number, view: TodoView): Line[] {
  return checklistItemRows(todoItem(todo, view.undone), width, view);
}

/**
 * The checklist: a "Todos d/n" header and one row per item, within `maxRows`. When the
 * list is too long it keeps the in-progress item in view and counts the rest.
 */
export function todoPanelLines(todos: Todo[], width: number, view: TodoView): Line[] {
  const items = todos.map((todo) => todoItem(todo, view.undone));
  return checklistLines('Todos', items, width, view);
}
