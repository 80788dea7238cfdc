/** A task's state (an update may also say `deleted`, which removes the task). */
export type TaskStatus = 'pending' | 'in_progress' | 'completed';

/**
 * One task, as stored in `$TICK_HOME/tasks/<list-id>/<id>.json`. Only `blockedBy` is
 * stored; what a task blocks is read from the others (one fact, one place).
 */
export interface Task {
  /** "1", "2", ... within its list. */
  id: string;
  subject: string;
  description: string;
  /** Present-continuous text shown while it is in progress ("Running tests"). */
  activeForm?: string;
  status: TaskStatus;
  /** The agent working on it: `main` for the top level, a subagent's id otherwise. */
  owner: string;
  /** Ids of the tasks that must be completed first. */
  blockedBy: string[];
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
}

/** A list as the loop announces it: its id and every task, in id order. */
export interface TaskListSnapshot {
  listId: string;
  tasks: Task[];
}
