export type TodoStatus = 'pending' | 'in_progress' | 'completed';

/** One item of the todo list (V1) that todo_write replaces whole. */
export interface Todo {
  content: string;
  status: TodoStatus;
  /** Present-continuous text shown while the item is in progress ("Running tests"). */
  activeForm?: string;
}
