import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, rename, rmdir, symlink, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileProblem } from '../protocol/checkpoints';
import type { ObjectStore } from './objects';
import type { Entry } from './types';

/** One file to put back: what is there now and what should be (absent: no file). */
export interface FileTarget {
  root: string;
  /** Relative to the root, posix. */
  path: string;
  /** As the user reads it (relative to the workspace, or absolute). */
  shown: string;
  current?: Entry;
  target?: Entry;
}

export interface RestoreOutcome {
  restored: string[];
  removed: string[];
  failed: FileProblem[];
  left: FileProblem[];
}

export const UNSAVED_NOW = 'over the size cap: its content now was not saved, so it is left';
export const UNSAVED_THEN = 'was over the size cap then: its content was not kept';

/** Why a file cannot be put back, before anything is tried (files over the cap). */
export function leftAlone(file: FileTarget): string | undefined {
  if (file.current?.kind === 'big') return UNSAVED_NOW;
  if (file.target?.kind === 'big') return UNSAVED_THEN;
  return undefined;
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
    case 'ENOTEMPTY':
    case 'EEXIST':
      return 'a folder is in the way';
    case 'ENOTDIR':
      return 'a file is in the way of its folder';
    case 'EROFS':
      return 'read-only file system';
    case 'EBUSY':
    case 'ETXTBSY':
      return 'the file is in use';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Puts files back as `target` says. Each file is replaced atomically (written beside it,
 * then renamed over it), so a file is either restored whole or left as it was; what could
 * not be done is reported per file, and the others go on. Files created since are removed
 * (and the folders they leave empty); files over the cap are left alone and named.
 */
export async function restoreFiles(
  files: readonly FileTarget[],
  objects: ObjectStore,
): Promise<RestoreOutcome> {
  const outcome: RestoreOutcome = { restored: [], removed: [], failed: [], left: [] };
  const todo: FileTarget[] = [];
  for (const file of files) {
    const reason = leftAlone(file);
    if (reason) outcome.left.push({ path: file.shown, reason });
    else todo.push(file);
  }
  // Removals first, deepest first: a file where a folder must go (or the reverse) makes room.
  const removals = todo
    .filter((file) => !file.target && file.current)
    .sort((a, b) => b.path.split('/').length - a.path.split('/').length);
  const emptied = new Set<string>();
  for (const file of removals) {
    try {
      await unlink(join(file.root, file.path));
      outcome.removed.push(file.shown);
      emptied.add(dirname(join(file.root, file.path)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') outcome.removed.push(file.shown);
      else outcome.failed.push({ path: file.shown, reason: reasonOf(error) });
    }
  }
  await removeEmptyFolders(emptied, new Set(files.map((file) => file.root)));
  for (const file of todo.filter((file) => file.target)) {
    try {
      await writeEntry(join(file.root, file.path), file.target!, objects);
      outcome.restored.push(file.shown);
    } catch (error) {
      outcome.failed.push({ path: file.shown, reason: reasonOf(error) });
    }
  }
  return outcome;
}

/** Folders a removal left empty go too, up to (never including) their root. */
async function removeEmptyFolders(folders: Set<string>, roots: Set<string>): Promise<void> {
  const deepestFirst = [...folders].sort((a, b) => b.length - a.length);
  for (let dir of deepestFirst) {
    while (!roots.has(dir) && dir !== dirname(dir)) {
      const left = await readdir(dir).catch(() => ['?']);
      if (
        left.length ||
        !(await rmdir(dir).then(
          () => true,
          () => false,
        ))
      )
        break;
      dir = dirname(dir);
    }
  }
}

/** Writes one file (or link) beside its place, then renames it into place. */
async function writeEntry(target: string, entry: Entry, objects: ObjectStore): Promise<void> {
  if (entry.kind === 'big') throw new Error(UNSAVED_THEN);
  const content = await objects.get(entry.hash);
  const dir = dirname(target);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.tick-restore-${randomBytes(6).toString('hex')}.tmp`);
  try {
    if (entry.kind === 'link') {
      await symlink(content.toString(), temp);
    } else {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(content);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await chmod(temp, entry.mode);
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
