import type { Stats } from 'node:fs';
import { lstat, readFile, readlink } from 'node:fs/promises';
import type { ObjectStore } from './objects';
import type { Entry } from './types';

/** What tells a file changed without reading it (git's stat check). */
export interface StatKey {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  mode: number;
}

export function statKey(stats: Stats): StatKey {
  return {
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    ctimeMs: stats.ctimeMs,
    ino: stats.ino,
    mode: stats.mode,
  };
}

export function sameStat(a: StatKey, b: StatKey): boolean {
  return (
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs &&
    a.ino === b.ino &&
    a.mode === b.mode
  );
}

/** A small semaphore: at most `limit` file reads at once (a first snapshot reads them all). */
class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** A file saved: its entry in the snapshot and the stat it was read under. */
export interface SavedState {
  entry: Entry;
  stat: StatKey;
  /** The file changed while it was read: look again at the next snapshot. */
  unsettled: boolean;
}

/**
 * Saves files' contents into the object store: a regular file's bytes, a link's target, or,
 * over `maxFileBytes`, only its size (such a file cannot be restored, and is named as such).
 */
export class FileSaver {
  private readonly reads = new Limiter(8);

  constructor(
    private readonly objects: ObjectStore,
    readonly maxFileBytes: number,
  ) {}

  /** Saves the file at `abs` whose lstat is `stats`; undefined when it is gone or not a file. */
  async save(abs: string, stats: Stats): Promise<SavedState | undefined> {
    const stat = statKey(stats);
    if (stats.isSymbolicLink()) {
      const target = await readlink(abs).catch(() => undefined);
      if (target === undefined) return undefined;
      const content = Buffer.from(target);
      const hash = await this.objects.put(content);
      return { entry: { kind: 'link', hash, size: content.length }, stat, unsettled: false };
    }
    if (!stats.isFile()) return undefined;
    if (stats.size > this.maxFileBytes)
      return {
        entry: { kind: 'big', size: stats.size, mtimeMs: stats.mtimeMs },
        stat,
        unsettled: false,
      };
    const content = await this.reads.run(() => readFile(abs).catch(() => undefined));
    if (content === undefined) return undefined;
    const hash = await this.objects.put(content);
    // Written to while it was read: what was saved may be half of it; read it again later.
    const after = await lstat(abs).catch(() => undefined);
    const unsettled = !after || !sameStat(stat, statKey(after));
    return {
      entry: { kind: 'file', hash, size: content.length, mode: stats.mode & 0o777 },
      stat,
      unsettled,
    };
  }
}
