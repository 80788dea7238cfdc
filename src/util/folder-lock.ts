import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE } from './private-files';

/** A lock not refreshed for this long belongs to a dead process and is taken over. */
export const LOCK_STALE_MS = 10_000;
/** How long a change waits for the lock before it gives up (about 20 s in all). */
const LOCK_RETRIES = { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true };

/** The lock could not be taken; `detail` says why (another process held it too long, ...). */
export class FolderLockError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'FolderLockError';
  }
}

/**
 * Runs `work` holding the lock of `dir` (a folder `lockName` inside it, made with
 * proper-lockfile: a lock whose holder died goes stale after LOCK_STALE_MS and is taken
 * over). Shared by the task lists and the checkpoint store.
 */
export async function withFolderLock<T>(
  dir: string,
  lockName: string,
  work: () => Promise<T>,
): Promise<T> {
  // tick's folders are its owner's alone (private-files.ts).
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Loaded on the first lock: only sessions that need one pay for it.
  const lockfile = await import('proper-lockfile');
  // A bundle hands the CommonJS module over as its default export; vitest as named ones.
  const { lock } = ('default' in lockfile ? lockfile.default : lockfile) as typeof lockfile;
  let release: () => Promise<void>;
  try {
    release = await lock(dir, {
      lockfilePath: join(dir, lockName),
      realpath: false,
      stale: LOCK_STALE_MS,
      retries: LOCK_RETRIES,
      // Only a process stopped for longer than LOCK_STALE_MS while holding the lock loses it;
      // its writes are whole files still, so there is nothing to undo (the default throws).
      onCompromised: () => undefined,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FolderLockError(
      code === 'ELOCKED' ? 'another process held it too long' : (error as Error).message,
    );
  }
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}
