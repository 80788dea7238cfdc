/** A task's state; `deleted` is only an update that removes the task. */
export type TaskStatus = 'pending' | 'in_progress' | 'completed';

export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'completed'];

/** What task_update may set `status` to. */
export const UPDATE_STATUSES = [...TASK_STATUSES, 'deleted'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

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

/** Where a list lives; tools get it through their context. */
export interface TaskListRef {
  id: string;
  /** The list's folder. */
  dir: string;
}

/** The owner of the top-level agent's tasks. */
export const MAIN_AGENT = 'main';

/** At most this many tasks in one list. */
export const MAX_TASKS = 200;

export interface NewTaskInput {
  subject: string;
  description?: string;
  activeForm?: string;
  blockedBy?: string[];
}

export interface TaskUpdateInput {
  taskId: string;
  status?: UpdateStatus;
  subject?: string;
  description?: string;
  activeForm?: string;
  owner?: string;
  addBlockedBy?: string[];
  addBlocks?: string[];
}
