import type { TaskStatus } from '../protocol/tasks';

export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'completed'];

/** What task_update may set `status` to. */
export const UPDATE_STATUSES = [...TASK_STATUSES, 'deleted'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

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
