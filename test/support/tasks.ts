import type { Task } from '../../src/protocol/tasks';

/** A task with plain defaults (pending, owned by main, blocked by nothing), changed by `extra`. */
export function makeTask(id: string, extra: Partial<Task> = {}): Task {
  return {
    id,
    subject: `Step ${id}`,
    description: '',
    status: 'pending',
    owner: 'main',
    blockedBy: [],
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  };
}
