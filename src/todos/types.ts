export type TodoStatus = 'pending' | 'in_progress' | 'completed';

export interface Todo {
  content: string;
  status: TodoStatus;
  /** Present-continuous text shown while the item is in progress ("Running tests"). */
  activeForm?: string;
}
