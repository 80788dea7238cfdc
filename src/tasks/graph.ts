/** The task list as a graph: who blocks whom, what is still open, cycles. Pure. */
import type { Task } from '../protocol/tasks';

export const tag = (id: string): string => `#${id}`;
export const tags = (ids: readonly string[]): string => ids.map(tag).join(', ');

export function byIdMap(tasks: readonly Task[]): Map<string, Task> {
  return new Map(tasks.map((task) => [task.id, task]));
}

/**
 * The blockers of `task` that are not completed, in id order. An id naming no task (a file
 * removed by hand) blocks nothing: deletion strips ids, so only outside edits leave them.
 */
export function openBlockers(task: Task, byId: ReadonlyMap<string, Task>): string[] {
  return task.blockedBy
    .filter((id) => {
      const blocker = byId.get(id);
      return blocker !== undefined && blocker.status !== 'completed';
    })
    .sort(compareIds);
}

/** The tasks `id` blocks (those whose blockedBy names it), in id order. */
export function blockedTasks(id: string, tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => task.blockedBy.includes(id));
}

/** Numeric order for "2" < "10". */
export function compareIds(a: string, b: string): number {
  return Number(a) - Number(b) || a.localeCompare(b);
}

/**
 * A dependency cycle through `start`, as the path of ids from `start` back to it (each
 * blocked by the next), or undefined. Only cycles through the changed task can be new.
 */
export function cycleThrough(start: string, byId: ReadonlyMap<string, Task>): string[] | undefined {
  const seen = new Set<string>();
  const path: string[] = [];
  const visit = (id: string): boolean => {
    path.push(id);
    for (const next of byId.get(id)?.blockedBy ?? []) {
      if (next === start) {
        path.push(next);
        return true;
      }
      if (!seen.has(next)) {
        seen.add(next);
        if (visit(next)) return true;
      }
    }
    path.pop();
    return false;
  };
  return visit(start) ? path : undefined;
}

/** An in-progress task waiting for an unfinished one, as `#2 <- #1, #3`. */
export function stalledInProgress(tasks: readonly Task[]): Map<string, string[]> {
  const byId = byIdMap(tasks);
  const stalled = new Map<string, string[]>();
  for (const task of tasks) {
    if (task.status !== 'in_progress') continue;
    const open = openBlockers(task, byId);
    if (open.length) stalled.set(task.id, open);
  }
  return stalled;
}

export function unblockedBetween(before: readonly Task[], after: readonly Task[]): Task[] {
  const beforeById = byIdMap(before);
  const afterById = byIdMap(after);
  return after.filter((task) => {
    const old = beforeById.get(task.id);
    return (
      old !== undefined &&
      task.status !== 'completed' &&
      openBlockers(old, beforeById).length > 0 &&
      openBlockers(task, afterById).length === 0
    );
  });
}
