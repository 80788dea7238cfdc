/**
 * Follows a task list another process changes: the folder is watched (inotify through
 * fs.watch; a stat poll where that is not available), a burst of changes is read once
 * after a short quiet spell, and a list equal to the last one announced is not announced.
 */
import { unwatchFile, watch, watchFile, type FSWatcher } from 'node:fs';
import { makePrivateDir } from '../util/private-files';
import { readTaskList, TASK_FILE } from './store';
import type { Task } from '../protocol/tasks';

/** Quiet time after a change before the list is read (a task write is several events). */
export const WATCH_DEBOUNCE_MS = 100;
/** A steady stream of changes is still read at least this often. */
const WATCH_MAX_WAIT_MS = 500;
/** The stat poll's period where fs.watch is not available. */
const POLL_MS = 500;

export interface TaskListWatcher {
  /** The list just announced by other means (a tool's result): not announced again. */
  seen(tasks: readonly Task[]): void;
  close(): void;
}

export interface WatchOptions {
  debounceMs?: number;
  /** A list that cannot be read (a corrupt file): told once per distinct problem. */
  onError?: (message: string) => void;
}

/** What makes two lists the same for the panel, whatever the key order of their objects. */
function fingerprint(tasks: readonly Task[]): string {
  return JSON.stringify(
    tasks.map((task) => [
      task.id,
      task.subject,
      task.description,
      task.activeForm ?? '',
      task.status,
      task.owner,
      task.blockedBy,
      task.updatedAt,
    ]),
  );
}

/**
 * Calls `onChange` with the list now, then whenever its files change to a different list.
 * Never keeps the process alive.
 */
export function watchTaskList(
  dir: string,
  onChange: (tasks: Task[]) => void,
  options: WatchOptions = {},
): TaskListWatcher {
  const debounceMs = options.debounceMs ?? WATCH_DEBOUNCE_MS;
  let last: string | undefined;
  let lastError: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstChangeAt: number | undefined;
  let reading = false;
  let again = false;
  let closed = false;

  const read = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const tasks = await readTaskList(dir);
      lastError = undefined;
      const text = fingerprint(tasks);
      if (!closed && text !== last) {
        last = text;
        onChange(tasks);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastError) options.onError?.(message);
      lastError = message;
    } finally {
      reading = false;
      if (again && !closed) {
        again = false;
        void read();
      }
    }
  };

  const fire = (): void => {
    timer = undefined;
    firstChangeAt = undefined;
    void read();
  };

  const changed = (filename?: string | null): void => {
    if (closed || (filename && !TASK_FILE.test(filename))) return;
    const now = Date.now();
    firstChangeAt ??= now;
    if (timer) clearTimeout(timer);
    const wait = Math.min(debounceMs, Math.max(0, firstChangeAt + WATCH_MAX_WAIT_MS - now));
    timer = setTimeout(fire, wait);
    timer.unref?.();
  };

  makePrivateDir(dir);
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, { persistent: false }, (_event, filename) => changed(filename));
    watcher.on('error', () => startPolling());
  } catch {
    startPolling();
  }
  function startPolling(): void {
    watcher?.close();
    watcher = undefined;
    watchFile(dir, { persistent: false, interval: POLL_MS }, () => changed());
  }
  void read();

  return {
    seen(tasks) {
      last = fingerprint(tasks);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher?.close();
      unwatchFile(dir);
    },
  };
}
