import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { SessionError } from './format';
import { PRIVATE_FILE_MODE } from '../util/private-files';

/** A held session lock; release() is idempotent and runs at process exit too. */
export interface SessionLock {
  readonly path: string;
  release(): void;
}

/** The pid in a lock file, or undefined when it holds none (empty, torn). */
export function lockOwner(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the lock, if any. */
export function liveLockOwner(path: string): number | undefined {
  const pid = lockOwner(path);
  return pid !== undefined && isAlive(pid) ? pid : undefined;
}

function createExclusive(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } catch (error) {
    // A full disk: no empty lock file is left behind.
    closeSync(fd);
    unlinkSync(path);
    throw error;
  }
  closeSync(fd);
  return true;
}

function removeIfStale(path: string): void {
  const pid = lockOwner(path);
  if (pid !== undefined && isAlive(pid)) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Takes `<id>.lock` with O_EXCL. A lock left by a dead process is taken over; the takeover
 * itself is guarded by a second exclusive file so two processes cannot both take it over.
 * Throws SessionError when a live process holds the session.
 */
export function acquireLock(path: string, what: string): SessionLock {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (createExclusive(path)) return heldLock(path);
    const owner = liveLockOwner(path);
    if (owner !== undefined) {
      throw new SessionError(
        `${what} is in use by another tick process (pid ${owner}); close it first`,
      );
    }
    const guard = `${path}.takeover`;
    if (!createExclusive(guard)) {
      removeIfStale(guard);
      continue;
    }
    try {
      removeIfStale(path);
      if (createExclusive(path)) return heldLock(path);
    } finally {
      unlinkSync(guard);
    }
  }
  throw new SessionError(`could not lock ${what}: its lock file ${path} keeps changing`);
}

function heldLock(path: string): SessionLock {
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only remove the lock if it is still ours.
    if (lockOwner(path) !== process.pid) return;
    try {
      unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on('exit', release);
  return { path, release };
}
