/**
 * The task list on disk: one JSON file per task in the list's folder, each replaced
 * atomically (temp file + rename), so a reader without the lock sees whole files. Every
 * change reads the list, decides (graph.ts) and writes under the list lock, taken with
 * proper-lockfile (a lock left by a dead process goes stale and is taken over).
 */
import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../tools/atomic-write';
import { FolderLockError, withFolderLock } from '../util/folder-lock';
import { compareIds } from './graph';
import { planCreate, planUpdate, type Planned, type UpdatePlan } from './rules';
import { TASK_STATUSES, type NewTaskInput, type TaskListRef, type TaskUpdateInput } from './types';
import { type Task, type TaskStatus } from '../protocol/tasks';

/** A task file's name: its id and `.json`. Temp files and the lock never match. */
export const TASK_FILE = /^(\d+)\.json$/;
/** The highest id ever given out, so a deleted task's id is never reused. */
const HIGH_WATER_MARK = '.highwatermark';
const LOCK_DIR = '.lock';

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

/** The list lock could not be taken (another process held it too long). */
export class TaskLockError extends Error {
  constructor(dir: string, detail: string) {
    super(`could not lock the task list ${dir}: ${detail}`);
    this.name = 'TaskLockError';
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

/** Runs `work` holding the list lock. */
export async function withListLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  try {
    return await withFolderLock(dir, LOCK_DIR, work);
  } catch (error) {
    if (error instanceof FolderLockError) throw new TaskLockError(dir, error.detail);
    throw error;
  }
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

async function writeTask(dir: string, task: Task): Promise<void> {
  await writeFileAtomic(taskFile(dir, task.id), `${JSON.stringify(task, null, 2)}\n`);
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
): Promise<Planned<Created>> {
  return withListLock(list.dir, async () => {
    const tasks = await readTaskList(list.dir);
    const highest = Math.max(
      await highWaterMark(list.dir),
      ...tasks.map((task) => Number(task.id)),
    );
    const id = String(highest + 1);
    const planned = planCreate(tasks, input, { id, owner, now });
    if (!planned.ok) return planned;
    // The mark first: a crash between the two writes skips an id rather than reusing one.
    await writeFileAtomic(join(list.dir, HIGH_WATER_MARK), `${id}\n`);
    await writeTask(list.dir, planned.value);
    return { ok: true, value: { task: planned.value, tasks: [...tasks, planned.value] } };
  });
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
): Promise<Planned<Updated>> {
  return withListLock(list.dir, async () => {
    const tasks = await readTaskList(list.dir);
    const planned = planUpdate(tasks, input, now);
    if (!planned.ok) return planned;
    const plan = planned.value;
    // A deleted task leaves the others' blockedBy before its file goes, so a crash between
    // the writes never leaves an id naming a task that is gone.
    for (const task of plan.changed) await writeTask(list.dir, task);
    if (plan.deleted) await unlink(taskFile(list.dir, plan.deleted));
    const changed = new Map(plan.changed.map((task) => [task.id, task]));
    const after = tasks
      .filter((task) => task.id !== plan.deleted)
      .map((task) => changed.get(task.id) ?? task);
    return { ok: true, value: { plan, tasks: after } };
  });
}
