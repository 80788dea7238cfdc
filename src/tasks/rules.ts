/**
 * The task list's rules as pure functions over a list read under its lock: what a create or
 * an update would write, or the `Error:` text the model gets (and then nothing changes).
 */
import {
  blockedTasks,
  byIdMap,
  compareIds,
  cycleThrough,
  stalledInProgress,
  tag,
  tags,
  unblockedBetween,
} from './graph';
import { MAX_TASKS, type NewTaskInput, type TaskUpdateInput } from './types';
import { type Task, type TaskStatus } from '../protocol/tasks';

export type Planned<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = <T>(message: string): Planned<T> => ({ ok: false, error: `Error: ${message}` });

function cycleError<T>(cycle: string[]): Planned<T> {
  return fail(
    `that would make a dependency cycle: ${cycle.map(tag).join(' -> ')} (each is blocked by the next)`,
  );
}

/** Ids that name no task in the list, for the error text. */
function missing(ids: readonly string[], byId: ReadonlyMap<string, Task>): string[] {
  return ids.filter((id) => !byId.has(id));
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

/** The text of a required string argument, trimmed; undefined when it is blank. */
function nonBlank(text: string | undefined): string | undefined {
  const trimmed = text?.replace(/\s*\n\s*/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}

export interface CreateContext {
  /** The id the lock holder allocated. */
  id: string;
  owner: string;
  now: number;
}

/** A new task from task_create's arguments: subject non-empty, blockers existing, room left. */
export function planCreate(
  tasks: readonly Task[],
  input: NewTaskInput,
  ctx: CreateContext,
): Planned<Task> {
  const subject = nonBlank(input.subject);
  if (!subject) return fail('subject must not be empty');
  if (tasks.length >= MAX_TASKS)
    return fail(`the list already has ${MAX_TASKS} tasks, the most it may hold`);
  const byId = byIdMap(tasks);
  const blockedBy = unique(input.blockedBy ?? []).sort(compareIds);
  const unknown = missing(blockedBy, byId);
  if (unknown.length) return fail(`blockedBy names no such task: ${tags(unknown)}`);
  const activeForm = nonBlank(input.activeForm);
  return {
    ok: true,
    value: {
      id: ctx.id,
      subject,
      description: input.description?.trim() ?? '',
      ...(activeForm ? { activeForm } : {}),
      status: 'pending',
      owner: ctx.owner,
      blockedBy,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    },
  };
}

/** What an update writes: the tasks whose files change, the one deleted, and what it freed. */
export interface UpdatePlan {
  /** The task after the update (as it was, when deleted). */
  task: Task;
  /** Tasks to write, the updated one first. */
  changed: Task[];
  /** Set when the update deleted the task: its file goes. */
  deleted?: string;
  /** Tasks that had open blockers before and have none now. */
  unblocked: Task[];
  /** The names of the fields the update changed (for the result text). */
  fields: string[];
  /** The status before, when it changed. */
  from?: TaskStatus;
}

interface Edit {
  next: Task;
  fields: string[];
}

/** The update's own fields on the task (not its edges to others). */
function editFields(task: Task, input: TaskUpdateInput, byId: Map<string, Task>): Planned<Edit> {
  const next: Task = { ...task, blockedBy: [...task.blockedBy] };
  const fields: string[] = [];
  if (input.subject !== undefined) {
    const subject = nonBlank(input.subject);
    if (!subject) return fail('subject must not be empty');
    if (subject !== task.subject) {
      next.subject = subject;
      fields.push('subject');
    }
  }
  if (input.description !== undefined && input.description.trim() !== task.description) {
    next.description = input.description.trim();
    fields.push('description');
  }
  if (input.activeForm !== undefined) {
    const activeForm = nonBlank(input.activeForm);
    if (activeForm !== task.activeForm) {
      if (activeForm) next.activeForm = activeForm;
      else delete next.activeForm;
      fields.push('activeForm');
    }
  }
  if (input.owner !== undefined) {
    const owner = nonBlank(input.owner);
    if (!owner) return fail('owner must not be empty');
    if (owner !== task.owner) {
      next.owner = owner;
      fields.push('owner');
    }
  }
  if (input.status !== undefined && input.status !== 'deleted' && input.status !== task.status) {
    next.status = input.status;
    fields.push('status');
  }
  const addBlockedBy = unique(input.addBlockedBy ?? []);
  if (addBlockedBy.includes(task.id)) return fail(`task ${tag(task.id)} cannot block itself`);
  const unknown = missing(addBlockedBy, byId);
  if (unknown.length) return fail(`addBlockedBy names no such task: ${tags(unknown)}`);
  const added = addBlockedBy.filter((id) => !next.blockedBy.includes(id));
  if (added.length) {
    next.blockedBy = [...next.blockedBy, ...added].sort(compareIds);
    fields.push('blockedBy');
  }
  return { ok: true, value: { next, fields } };
}

/**
 * task_update's effect on the list: its fields, its new edges (`addBlockedBy`: this waits for
 * them; `addBlocks`: they wait for this), or its deletion (it leaves every blockedBy). Refused
 * with the reason: an unknown task, a cycle (named), an in-progress task with unfinished
 * blockers (named), a second in-progress task for one owner.
 */
export function planUpdate(
  tasks: readonly Task[],
  input: TaskUpdateInput,
  now: number,
): Planned<UpdatePlan> {
  const byId = byIdMap(tasks);
  const task = byId.get(input.taskId);
  if (!task) return fail(`no task ${tag(input.taskId)} in this list (task_list shows them)`);

  if (input.status === 'deleted') {
    const changed = blockedTasks(task.id, tasks).map((other) => ({
      ...other,
      blockedBy: other.blockedBy.filter((id) => id !== task.id),
      updatedAt: now,
    }));
    const after = tasks
      .filter((other) => other.id !== task.id)
      .map((other) => changed.find((c) => c.id === other.id) ?? other);
    return {
      ok: true,
      value: {
        task,
        changed,
        deleted: task.id,
        unblocked: unblockedBetween(tasks, after),
        fields: ['deleted'],
      },
    };
  }

  const edit = editFields(task, input, byId);
  if (!edit.ok) return edit;
  const { next, fields } = edit.value;
  const updated = new Map<string, Task>([[task.id, next]]);
  const addBlocks = unique(input.addBlocks ?? []);
  if (addBlocks.includes(task.id)) return fail(`task ${tag(task.id)} cannot block itself`);
  const unknown = missing(addBlocks, byId);
  if (unknown.length) return fail(`addBlocks names no such task: ${tags(unknown)}`);
  for (const id of addBlocks) {
    const other = byId.get(id) as Task;
    if (other.blockedBy.includes(task.id)) continue;
    updated.set(id, { ...other, blockedBy: [...other.blockedBy, task.id].sort(compareIds) });
  }
  if (updated.size > 1) fields.push('blocks');

  const after = tasks.map((other) => updated.get(other.id) ?? other);
  const afterById = byIdMap(after);
  if (fields.includes('blockedBy') || updated.size > 1) {
    for (const id of updated.keys()) {
      const cycle = cycleThrough(id, afterById);
      if (cycle) return cycleError(cycle);
    }
  }
  const problem = newlyStalled(tasks, after, task.id);
  if (problem) return fail(problem);
  if (next.status === 'in_progress') {
    const busy = after.find(
      (other) =>
        other.id !== task.id && other.status === 'in_progress' && other.owner === next.owner,
    );
    if (busy)
      return fail(
        `${tag(busy.id)} "${busy.subject}" is already in progress for ${next.owner}; ` +
          `complete it (or set it back to pending) before starting ${tag(task.id)}`,
      );
  }

  // The task's own file changes only when one of its fields did; addBlocks changes the others'.
  const ownChange = fields.some((field) => field !== 'blocks');
  const changed = [...updated.values()]
    .filter((candidate) => candidate.id !== task.id || ownChange)
    .map((candidate) => ({ ...candidate, updatedAt: now }));
  return {
    ok: true,
    value: {
      task: ownChange ? changed[0] : task,
      changed,
      unblocked: unblockedBetween(tasks, after),
      fields,
      ...(fields.includes('status') ? { from: task.status } : {}),
    },
  };
}

/** Why the update would leave an in-progress task waiting for an unfinished one, if it would. */
function newlyStalled(
  before: readonly Task[],
  after: readonly Task[],
  updatedId: string,
): string | undefined {
  const was = stalledInProgress(before);
  for (const [id, open] of stalledInProgress(after)) {
    const old = was.get(id) ?? [];
    if (open.every((blocker) => old.includes(blocker))) continue;
    if (id === updatedId)
      return `task ${tag(id)} is blocked by ${tags(open)} (not completed yet); complete ${open.length > 1 ? 'them' : 'it'} first`;
    return `task ${tag(id)} is in progress and would be blocked by ${tags(open)} (not completed)`;
  }
  return undefined;
}
