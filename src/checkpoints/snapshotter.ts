import { relative, isAbsolute, join, sep } from 'node:path';
import type { UnsavedFile } from '../protocol/checkpoints';
import { FileSaver } from './file-saver';
import { IgnoreRules } from './ignore-rules';
import { RootIndex, type CachedFile } from './root-index';
import type { CheckpointStore } from './store';
import type { PointRecord, RootTree } from './types';

export interface SnapshotLimits {
  /** Files larger than this are named in snapshots but not kept (and cannot be restored). */
  maxFileBytes: number;
  /** A root with more files than this (outside .gitignore) is not snapshotted. */
  maxFiles: number;
  /** Watch folders so a snapshot reads only what changed (off: scan every time). */
  watch: boolean;
}

/** Past this many folders in a root, it is scanned before each snapshot instead of watched. */
const MAX_WATCHED_DIRS = 3000;

/** A path as the user reads it: relative to the first root (the workspace), else absolute. */
export function displayPath(roots: readonly string[], root: string, path: string): string {
  return root === roots[0] ? path : join(root, path);
}

/**
 * Takes the snapshots of a session's roots (the workspace and --add-dir folders) into the
 * store, one at a time: each root has its index (root-index.ts), brought up to date before
 * each snapshot. The files' hashes are saved for the next session when it closes.
 */
export class Snapshotter {
  private queue: Promise<unknown> = Promise.resolve();
  /** Files over the cap already named to the user (so each is named once). */
  private readonly named = new Set<string>();

  private constructor(
    readonly store: CheckpointStore,
    readonly roots: readonly string[],
    private readonly indexes: RootIndex[],
  ) {}

  static async start(
    store: CheckpointStore,
    roots: readonly string[],
    limits: SnapshotLimits,
    options: { home: string; onWatchLost?: (reason: string) => void },
  ): Promise<Snapshotter> {
    const saver = new FileSaver(store.objects, limits.maxFileBytes);
    const indexes = await Promise.all(
      roots.map(async (root) => {
        const index = new RootIndex(root, await IgnoreRules.load(root), saver, store.objects, {
          maxFiles: limits.maxFiles,
          maxWatchedDirs: MAX_WATCHED_DIRS,
          watch: limits.watch,
          excluded: insideOf(root, [options.home, store.dir]),
          ...(options.onWatchLost ? { onWatchLost: options.onWatchLost } : {}),
        });
        const cached = await store.readCache<CachedFile[]>(root);
        if (cached) index.seed(cached);
        return index;
      }),
    );
    return new Snapshotter(store, roots, indexes);
  }

  /** Runs `work` after every snapshot asked for before it (one at a time). */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The roots as they are now (up to date; `full`: scanned whole, not trusting the watchers). */
  current(full = false): Promise<RootTree[]> {
    return this.serial(() => this.trees(full));
  }

  private async trees(full: boolean): Promise<RootTree[]> {
    await this.store.check();
    return Promise.all(
      this.indexes.map(async (index) => ({
        root: index.root,
        tree: await index.snapshot({ full }),
      })),
    );
  }

  /**
   * Records the roots as they are now as a new point, and names the files over the cap not
   * named before (they are in the point, but their content is not).
   */
  take(
    point: Omit<PointRecord, 'id' | 'roots' | 't'>,
    options: { full?: boolean } = {},
  ): Promise<{ point: PointRecord; unsaved: UnsavedFile[] }> {
    return this.serial(async () => {
      const roots = await this.trees(options.full ?? false);
      const record = await this.store.append({ ...point, t: Date.now(), roots });
      return { point: record, unsaved: this.newlyUnsaved() };
    });
  }

  /** Gets the first snapshot's work (reading every file) going before it is needed. */
  warm(): Promise<unknown> {
    return this.serial(() => this.trees(false)).catch(() => undefined);
  }

  private newlyUnsaved(): UnsavedFile[] {
    const unsaved: UnsavedFile[] = [];
    for (const index of this.indexes)
      for (const [path, bytes] of index.bigFiles()) {
        const shown = displayPath(this.roots, index.root, path);
        if (this.named.has(shown)) continue;
        this.named.add(shown);
        unsaved.push({ path: shown, bytes });
      }
    return unsaved;
  }

  /** Saves each root's file hashes for the next session; stops watching. */
  async close(): Promise<void> {
    await this.queue;
    for (const index of this.indexes) index.close();
    await Promise.all(
      this.indexes.map((index) => this.store.writeCache(index.root, index.cache()).catch(() => {})),
    );
  }
}

/** The folders of `paths` that lie inside `root`, relative to it (posix). */
function insideOf(root: string, paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const rel = relative(root, path);
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) return [];
    return [rel.split(sep).join('/')];
  });
}
