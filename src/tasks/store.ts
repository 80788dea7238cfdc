/**
 * The task list on disk: one JSON file per task in the list's folder, each replaced
 * atomically (temp file + rename), so a reader without the lock sees whole files. Every
 * change reads the list, decides (graph.ts) and writes under the list lock (list-lock.ts);
 * just before writing it checks that the lock is still its own and the list is as it read
 * it, and else does the change again from the start.
 */
import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../tools/atomic-write';
import { PRIVATE_FILE_MODE } from '../util/private-files';
import {
  LockLost,
  TaskLockError,
  withListLock,
  type HeldLock,
  type ListLockOptions,
} from './list-lock';
import { compareIds } from './graph';
import { planCreate, planUpdate, type Planned, type UpdatePlan } from './rules';
import { TASK_STATUSES, type NewTaskInput, type TaskListRef, type TaskUpdateInput } from './types';
import { type Task, type TaskStatus } from '../protocol/tasks';

/** A task file's name: its id and `.json`. Temp files and the lock never match. */
export const TASK_FILE = /^(\d+)\.json$/;
/** The highest id ever given out, so a deleted task's id is never reused. */
const HIGH_WATER_MARK = '.highwatermark';

export { LOCK_STALE_MS, TaskLockError, withListLock } from './list-lock';

/** A task file that is not a task; the message names the file. Nothing is written over it. */
export class TaskFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`task file ${file} ${detail}`);
    this.name = 'TaskFileError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';

/** A parsed file as a Task, or the reason it is not one. Lenient with what may be missing. */
export function taskFromJson(value: unknown, id: string): Task | string {
  if (!isRecord(value)) return 'is not a JSON object';
  if (value.id !== id) return `says it is task ${JSON.stringify(value.id)}, not "${id}"`;
  if (typeof value.subject !== 'string' || !value.subject.trim()) return 'has no subject';
  if (!(TASK_STATUSES as readonly unknown[]).includes(value.status))
    return `has an invalid status ${JSON.stringify(value.status)}`;
  if (!optionalString(value.description)) return 'has a description that is not text';
  if (!optionalString(value.activeForm)) return 'has an activeForm that is not text';
  if (!optionalString(value.owner)) return 'has an owner that is not text';
  const blockedBy = value.blockedBy ?? [];
  if (!Array.isArray(blockedBy) || !blockedBy.every((item) => typeof item === 'string'))
    return 'has a blockedBy that is not a list of ids';
  const time = (field: unknown) => (typeof field === 'number' ? field : 0);
  return {
    id,
    subject: value.subject,
    description: value.description ?? '',
    ...(value.activeForm ? { activeForm: value.activeForm } : {}),
    status: value.status as TaskStatus,
    owner: value.owner || 'main',
    blockedBy: [...blockedBy].sort(compareIds),
    createdAt: time(value.createdAt),
    updatedAt: time(value.updatedAt),
  };
}

async function readTaskFile(dir: string, name: string, id: string): Promise<Task | undefined> {
  const file = join(dir, name);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // Deleted between the listing and the read: it is no longer in the list.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TaskFileError(file, `is not valid JSON (${(error as Error).message})`);
  }
  const task = taskFromJson(json, id);
  if (typeof task === 'string') throw new TaskFileError(file, task);
  return task;
}

/**
 * Every task of the list in the folder, in id order; an absent folder is an empty list.
 * Throws TaskFileError for a file that is not a task.
 */
export async function readTaskList(dir: string): Promise<Task[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.flatMap((name) => {
    const match = TASK_FILE.exec(name);
    return match ? [{ name, id: String(Number(match[1])) }] : [];
  });
  const tasks = await Promise.all(files.map(({ name, id }) => readTaskFile(dir, name, id)));
  return tasks
    .filter((task): task is Task => task !== undefined)
    .sort((a, b) => compareIds(a.id, b.id));
}

async function highWaterMark(dir: string): Promise<number> {
  try {
    const value = Number.parseInt(await readFile(join(dir, HIGH_WATER_MARK), 'utf8'), 10);
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function taskFile(dir: string, id: string): string {
  return join(dir, `${id}.json`);
}

const PRIVATE = { mode: PRIVATE_FILE_MODE };

async function writeTask(dir: string, task: Task): Promise<void> {
  await writeFileAtomic(taskFile(dir, task.id), `${JSON.stringify(task, null, 2)}\n`, PRIVATE);
}

/** The list as a change read it: its tasks, the highest id given out, and its files' stamp. */
interface ListState {
  tasks: Task[];
  highWaterMark: number;
  stamp: string;
}

/**
 * Which task files there are and which version of each (inode, size, mtime: a replaced file
 * is a new inode), so a change can tell cheaply whether the list moved since it read it.
 */
async function listStamp(dir: string): Promise<string> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => TASK_FILE.test(name) || name === HIGH_WATER_MARK)
    .sort();
  const stamps = await Promise.all(
    names.map(async (name) => {
      const stats = await stat(join(dir, name)).catch(() => undefined);
      return stats ? `${name}:${stats.ino}:${stats.size}:${stats.mtimeMs}` : `${name}:gone`;
    }),
  );
  return stamps.join('|');
}

/** Stamped first: a change landing while the files are read shows as a moved list later. */
async function readListState(dir: string): Promise<ListState> {
  const stamp = await listStamp(dir);
  return { stamp, tasks: await readTaskList(dir), highWaterMark: await highWaterMark(dir) };
}

/**
 * Just before a change writes: the lock is still this process's and the list is as the
 * change read it. A process stopped past the lock's stale time (Ctrl+Z) finds that another
 * took the lock over, and must not write its old copy over what that one wrote: LockLost
 * makes withListLock do the change again on the list as it is now. (The stamp also catches
 * a writer that does not take part in the owner file: an older tick, a hand edit.)
 */
async function beforeWriting(held: HeldLock, dir: string, read: ListState): Promise<void> {
  await held.assertHeld();
  if ((await listStamp(dir)) !== read.stamp) {
    throw new LockLost('the task list changed after this change read it');
  }
}

/**
 * Runs a change's writes in order, then checks the lock was this process's all along. A
 * process stopped mid-change past the stale time (Ctrl+Z) finds it was not: if none of its
 * writes landed (the next holder removed its temp file, so the first rename failed), the
 * change is done again on the list as it is (LockLost); if some did, it fails loudly rather
 * than claim success, naming what to check.
 */
async function writeHolding(
  held: HeldLock,
  dir: string,
  writes: readonly (() => Promise<void>)[],
): Promise<void> {
  let landed = 0;
  let failure: unknown;
  try {
    for (const write of writes) {
      await write();
      landed += 1;
    }
  } catch (error) {
    failure = error;
  }
  try {
    await held.assertHeld();
  } catch (error) {
    if (!(error instanceof LockLost) || landed === 0) throw error;
    throw new TaskLockError(
      dir,
      'another process took the lock over while this change was being written; check the list (task_list) before going on',
      { partlyWritten: true },
    );
  }
  if (failure !== undefined) throw failure;
}

export interface Created {
  task: Task;
  /** The whole list after the change. */
  tasks: Task[];
}

/** task_create: the next id (allocated under the lock), the rules, the new file. */
export async function createTask(
  list: TaskListRef,
  input: NewTaskInput,
  owner: string,
  now = Date.now(),
  options: ListLockOptions = {},
): Promise<Planned<Created>> {
  return withListLock(
    list.dir,
    async (held) => {
      const read = await readListState(list.dir);
      const { tasks } = read;
      const highest = Math.max(read.highWaterMark, ...tasks.map((task) => Number(task.id)));
      const id = String(highest + 1);
      const planned = planCreate(tasks, input, { id, owner, now });
      if (!planned.ok) return planned;
      await beforeWriting(held, list.dir, read);
      // The mark first: a crash between the two writes skips an id rather than reusing one.
      await writeHolding(held, list.dir, [
        () => writeFileAtomic(join(list.dir, HIGH_WATER_MARK), `${id}\n`, PRIVATE),
        () => writeTask(list.dir, planned.value),
      ]);
      return { ok: true, value: { task: planned.value, tasks: [...tasks, planned.value] } };
    },
    options,
  );
}

export interface Updated {
  plan: UpdatePlan;
  tasks: Task[];
}

/** task_update: the rules on the list as it is now, then the changed files (or the deletion). */
export async function updateTask(
  list: TaskListRef,
  input: TaskUpdateInput,
  now = Date.now(),
  options: ListLockOptions = {},
): Promise<Planned<Updated>> {
  return withListLock(
    list.dir,
    async (held) => {
      const read = await readListState(list.dir);
      const { tasks } = read;
      const planned = planUpdate(tasks, input, now);
      if (!planned.ok) return planned;
      const plan = planned.value;
      await beforeWriting(held, list.dir, read);
      // A deleted task leaves the others' blockedBy before its file goes, so a crash between
      // the writes never leaves an id naming a task that is gone.
      const deleted = plan.deleted;
      await writeHolding(held, list.dir, [
        ...plan.changed.map((task) => () => writeTask(list.dir, task)),
        ...(deleted ? [() => unlink(taskFile(list.dir, deleted))] : []),
      ]);
      const changed = new Map(plan.changed.map((task) => [task.id, task]));
      const after = tasks
        .filter((task) => task.id !== plan.deleted)
        .map((task) => changed.get(task.id) ?? task);
      return { ok: true, value: { plan, tasks: after } };
    },
    options,
  );
}
