/**
 * The task list's lock: proper-lockfile's lock folder `.lock` (a lock not refreshed for 10 s
 * belongs to a process that is gone or stopped, and is taken over), plus `.lock.owner`, which
 * names the holder (pid, host, a token of this holding). The owner file lets a waiting
 * process say whom it waits for, take over at once from a holder that is known to be dead,
 * and lets the holder check, just before it writes, that the lock is still its own: a process
 * stopped past the stale time (Ctrl+Z, SIGSTOP) has lost it, and must not write.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { makePrivateDirAsync, PRIVATE_FILE_MODE } from '../util/private-files';
import { processState, type ProcessState } from '../util/process-state';

const LOCK_DIR = '.lock';
const OWNER_FILE = '.lock.owner';
/** A lock not refreshed for this long belongs to a dead or stopped process and is taken over. */
export const LOCK_STALE_MS = 10_000;
/** A lock whose owner is known to be dead is taken over once it is this old (proper-lockfile's least). */
const DEAD_OWNER_STALE_MS = 2_000;
/** How long a change waits for the lock before it gives up. */
const LOCK_WAIT_MS = 20_000;
/** A wait shorter than this goes unmentioned (another process's change takes milliseconds). */
const TELL_AFTER_MS = 300;
/** How many times a change whose lock was lost is done again from the start. */
const REDO_LIMIT = 3;
/** Temp files of writeFileAtomic (`.<name>.<12 hex>.tmp`). */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * The list lock could not be taken (another process held it too long), or was lost. Nothing
 * was written, unless `partlyWritten` (the lock was lost between a change's writes).
 */
export class TaskLockError extends Error {
  readonly partlyWritten: boolean;
  constructor(dir: string, detail: string, options: { partlyWritten?: boolean } = {}) {
    super(`could not lock the task list ${dir}: ${detail}`);
    this.name = 'TaskLockError';
    this.partlyWritten = options.partlyWritten ?? false;
  }
}

/** The lock is no longer this process's (or the list changed under it): do the change again. */
export class LockLost extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'LockLost';
  }
}

interface Owner {
  pid: number;
  host: string;
  token: string;
}

export interface HeldLock {
  /** Throws LockLost when another process took the lock over since this one took it. */
  assertHeld(): Promise<void>;
}

export interface ListLockOptions {
  /** Told once, when the wait is noticeable: whom the change waits for. */
  onWait?: (message: string) => void;
  /**
   * How long an unrefreshed lock is waited for before it is taken over (default
   * LOCK_STALE_MS). The tests of the take-over shorten it; proper-lockfile's least is 2 s.
   */
  staleMs?: number;
}

async function readOwner(dir: string): Promise<Owner | undefined> {
  try {
    const value = JSON.parse(await readFile(join(dir, OWNER_FILE), 'utf8')) as Partial<Owner>;
    if (typeof value.pid === 'number' && typeof value.host === 'string') {
      return { pid: value.pid, host: value.host, token: String(value.token) };
    }
  } catch {
    // None (released), or torn by a kill mid-write: the holder is unknown.
  }
  return undefined;
}

/** What a waiting change tells the user about the holder. */
function waitText(owner: Owner | undefined, state: ProcessState, staleMs: number): string {
  const who = owner ? `tick process ${owner.pid}` : 'another process';
  switch (state) {
    case 'dead':
      return `the task list lock was left by ${who}, which ended without releasing it; taking it over`;
    case 'stopped':
      return `waiting for the task list lock: ${who} holds it and is stopped (Ctrl+Z?); taken over after ${staleMs / 1000} s`;
    case 'running':
    case 'unknown':
      return `waiting for the task list lock, held by ${who} (taken over if not released within ${staleMs / 1000} s)`;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Release = () => Promise<void>;

/** Takes the lock (waiting up to LOCK_WAIT_MS), then writes the owner file. */
async function acquire(
  dir: string,
  options: ListLockOptions,
): Promise<{ release: Release; owner: Owner }> {
  // Loaded on the first change: only sessions that use tasks pay for it.
  const lockfile = await import('proper-lockfile');
  // A bundle hands the CommonJS module over as its default export; vitest as named ones.
  const { lock } = ('default' in lockfile ? lockfile.default : lockfile) as typeof lockfile;
  const started = Date.now();
  let told = false;
  let pause = 5;
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  for (;;) {
    const owner = await readOwner(dir);
    const state = owner && owner.host === hostname() ? processState(owner.pid) : 'unknown';
    // The owner file outlives only a holder that died holding the lock: said at once.
    if (!told && state === 'dead') {
      told = true;
      options.onWait?.(waitText(owner, state, staleMs));
    }
    let release: Release;
    try {
      release = await lock(dir, {
        lockfilePath: join(dir, LOCK_DIR),
        realpath: false,
        stale: state === 'dead' ? DEAD_OWNER_STALE_MS : staleMs,
        // Only a process stopped for longer than the stale time while holding the lock loses
        // it; it finds out before it writes (assertHeld). The default would throw.
        onCompromised: () => undefined,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') {
        throw new TaskLockError(dir, (error as Error).message);
      }
      const waited = Date.now() - started;
      if (waited > LOCK_WAIT_MS) {
        const who = owner ? `tick process ${owner.pid}` : 'another process';
        throw new TaskLockError(dir, `${who} held it for over ${LOCK_WAIT_MS / 1000} s`);
      }
      if (!told && waited >= TELL_AFTER_MS) {
        told = true;
        options.onWait?.(waitText(owner, state, staleMs));
      }
      await sleep(pause + Math.random() * pause);
      pause = Math.min(pause * 1.5, 100);
      continue;
    }
    const mine: Owner = { pid: process.pid, host: hostname(), token: randomUUID() };
    try {
      // Written in place, without fsync: only the holder writes it, and a reader that finds it
      // half-written takes the holder as unknown (and waits the full stale time).
      await writeFile(join(dir, OWNER_FILE), JSON.stringify(mine), { mode: PRIVATE_FILE_MODE });
    } catch (error) {
      // A full disk: the lock goes back, nothing was changed.
      await release().catch(() => undefined);
      throw new TaskLockError(dir, `cannot write its owner file: ${(error as Error).message}`);
    }
    return { release, owner: mine };
  }
}

/**
 * Temp files a killed writer left (a write is a temp file renamed over the target). Under
 * the lock nobody else writes here, so each one is a leftover; a stopped process that lost
 * the lock finds its own gone and fails instead of writing.
 */
async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => TEMP_FILE.test(name))
      .map((name) => unlink(join(dir, name)).catch(() => undefined)),
  );
}

/**
 * Runs `work` holding the list lock. A `LockLost` from the work (its assertHeld, or the
 * store finding the list changed since it read it) runs the work again from the start,
 * under a fresh lock; after a few tries it is a TaskLockError and nothing more is written.
 */
export async function withListLock<T>(
  dir: string,
  work: (held: HeldLock) => Promise<T>,
  options: ListLockOptions = {},
): Promise<T> {
  await makePrivateDirAsync(dir);
  for (let attempt = 1; ; attempt += 1) {
    const { release, owner } = await acquire(dir, options);
    const stillOurs = async () => (await readOwner(dir))?.token === owner.token;
    const held: HeldLock = {
      async assertHeld() {
        if (await stillOurs()) return;
        throw new LockLost(
          'another process took the task list lock over while this one was paused',
        );
      },
    };
    try {
      await removeLeftovers(dir);
      return await work(held);
    } catch (error) {
      if (!(error instanceof LockLost)) throw error;
      if (attempt >= REDO_LIMIT) {
        throw new TaskLockError(
          dir,
          `${error.message}; tried ${REDO_LIMIT} times, nothing was written`,
        );
      }
    } finally {
      // A lock taken over is the other process's now: leave it (and its owner file) alone.
      if (await stillOurs()) {
        await unlink(join(dir, OWNER_FILE)).catch(() => undefined);
        await release().catch(() => undefined);
      }
    }
  }
}
