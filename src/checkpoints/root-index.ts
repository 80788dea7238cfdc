import { watch, type Dirent, type Stats } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DirNode } from './dir-node';
import { sameStat, statKey, type FileSaver } from './file-saver';
import type { IgnoreRules } from './ignore-rules';
import type { ObjectStore } from './objects';
import type { Entry } from './types';

/** The root holds more files (outside .gitignore) than snapshots are taken of. */
export class TooManyFilesError extends Error {}

export interface RootIndexOptions {
  /** Past this many files the root is not snapshotted at all. */
  maxFiles: number;
  /** Past this many folders the root is scanned whole before each snapshot, not watched. */
  maxWatchedDirs: number;
  /** Watch folders for changes (off: every snapshot scans the root). */
  watch: boolean;
  /** Told once when watching stops working (the root is scanned from then on). */
  onWatchLost?: (reason: string) => void;
  /** Folders inside the root that are never snapshotted (tick's own home), relative. */
  excluded?: readonly string[];
}

/** One entry of a saved index (a cache of what each file's content hash is). */
export type CachedFile = [
  path: string,
  size: number,
  mtimeMs: number,
  ctimeMs: number,
  ino: number,
  mode: number,
  entry: Entry,
];

const afterPendingEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What one root looks like now, kept up to date cheaply: folders are watched, so a
 * snapshot re-reads only the paths that changed since the last one (a call that changed
 * nothing costs almost nothing, one that changed a file costs that file); where watching
 * is not possible, each snapshot scans the root and reads only files whose stat changed.
 */
export class RootIndex {
  private top: DirNode | undefined;
  /** Paths (relative, posix) reported changed since the last refresh. */
  private dirty = new Set<string>();
  private watching: boolean;
  /** A full scan is needed (first use, watching lost, a folder's rules changed...). */
  private stale = true;
  private watchedDirs = 0;
  /** Files seen by the running full scan (it stops past maxFiles). */
  private scanned = 0;
  private readonly excluded: Set<string>;

  constructor(
    readonly root: string,
    private readonly rules: IgnoreRules,
    private readonly saver: FileSaver,
    private readonly objects: ObjectStore,
    private readonly options: RootIndexOptions,
  ) {
    this.watching = options.watch;
    this.excluded = new Set(options.excluded);
  }

  private ignores(path: string, isDir: boolean): boolean {
    return (isDir && this.excluded.has(path)) || this.rules.ignores(path, isDir);
  }

  /** Files over the size cap now (relative path -> bytes). */
  bigFiles(): Map<string, number> {
    const big = new Map<string, number>();
    for (const node of this.top?.walk() ?? [])
      for (const [name, { entry }] of node.files)
        if (entry.kind === 'big') big.set(node.child(name), entry.size);
    return big;
  }

  /** Brings the index up to date with the disk and returns the root's tree object. */
  async snapshot(options: { full?: boolean } = {}): Promise<string> {
    await afterPendingEvents();
    if (options.full || this.stale || !this.watching || !this.top) await this.scanAll();
    else await this.refreshDirty();
    const tree = await this.top!.writeTree(this.objects);
    return tree ?? (await this.objects.put(Buffer.from('[]')));
  }

  /** Starts from a saved cache: files whose stat still matches are not read again. */
  seed(cached: readonly CachedFile[]): void {
    const top = new DirNode(undefined, '', 0);
    for (const [path, size, mtimeMs, ctimeMs, ino, mode, entry] of cached) {
      const parts = path.split('/');
      let node = top;
      for (const part of parts.slice(0, -1)) {
        let next = node.dirs.get(part);
        if (!next) node.dirs.set(part, (next = new DirNode(node, node.child(part), 0)));
        node = next;
      }
      node.files.set(parts[parts.length - 1], {
        entry,
        stat: { size, mtimeMs, ctimeMs, ino, mode },
      });
    }
    this.top = top;
    this.stale = true;
  }

  /** The index as a cache for the next session. */
  cache(): CachedFile[] {
    const out: CachedFile[] = [];
    for (const node of this.top?.walk() ?? [])
      for (const [name, { entry, stat }] of node.files)
        out.push([
          node.child(name),
          stat.size,
          stat.mtimeMs,
          stat.ctimeMs,
          stat.ino,
          stat.mode,
          entry,
        ]);
    return out;
  }

  close(): void {
    this.top?.unwatch();
  }

  private abs(path: string): string {
    return path ? join(this.root, path) : this.root;
  }

  private async scanAll(): Promise<void> {
    const stats = await lstat(this.root);
    this.dirty.clear();
    if (!this.top) this.top = new DirNode(undefined, '', stats.ino);
    this.top.ino = stats.ino;
    this.scanned = 0;
    await this.scanDir(this.top);
    this.stale = false;
  }

  /** Lists a folder and brings its files and subfolders up to date (watching it first). */
  private async scanDir(node: DirNode): Promise<void> {
    this.watchDir(node);
    let entries: Dirent[];
    try {
      entries = await readdir(this.abs(node.path), { withFileTypes: true });
    } catch {
      entries = [];
    }
    if (entries.some((entry) => entry.name === '.gitignore'))
      await this.rules.readFolder(node.path);
    else this.rules.forgetFolder(node.path);
    const seenFiles = new Set<string>();
    const seenDirs = new Set<string>();
    await Promise.all(
      entries.map(async (entry) => {
        const path = node.child(entry.name);
        if (entry.isDirectory()) {
          if (this.ignores(path, true)) return;
          seenDirs.add(entry.name);
          const child = this.dirNode(node, entry.name);
          child.ino = (await lstat(this.abs(path)).catch(() => undefined))?.ino ?? 0;
          await this.scanDir(child);
        } else if (entry.isFile() || entry.isSymbolicLink()) {
          if (this.ignores(path, false)) return;
          seenFiles.add(entry.name);
          if (++this.scanned > this.options.maxFiles)
            throw new TooManyFilesError(
              `${this.root} has more than ${this.options.maxFiles} files outside .gitignore (checkpoints.maxFiles)`,
            );
          const stats = await lstat(this.abs(path)).catch(() => undefined);
          if (stats) await this.updateFile(node, entry.name, stats);
          else seenFiles.delete(entry.name);
        }
      }),
    );
    for (const name of node.files.keys()) if (!seenFiles.has(name)) this.dropFile(node, name);
    for (const name of node.dirs.keys()) if (!seenDirs.has(name)) this.dropDir(node, name);
  }

  /** The subfolder's node, made (and its parent's tree invalidated) when it is new. */
  private dirNode(parent: DirNode, name: string): DirNode {
    let node = parent.dirs.get(name);
    if (!node) {
      node = new DirNode(parent, parent.child(name), 0);
      parent.dirs.set(name, node);
      parent.invalidate();
    }
    return node;
  }

  private async updateFile(node: DirNode, name: string, stats: Stats): Promise<void> {
    const known = node.files.get(name);
    if (known && sameStat(known.stat, statKey(stats))) return;
    const path = node.child(name);
    const saved = await this.saver.save(this.abs(path), stats);
    if (!saved) return this.dropFile(node, name);
    node.files.set(name, { entry: saved.entry, stat: saved.stat });
    node.invalidate();
    if (saved.unsettled) this.dirty.add(path);
  }

  private dropFile(node: DirNode, name: string): void {
    if (node.files.delete(name)) node.invalidate();
  }

  private dropDir(node: DirNode, name: string): void {
    const gone = node.dirs.get(name);
    if (!gone) return;
    for (const dir of gone.walk()) if (dir.watcher) this.watchedDirs -= 1;
    gone.unwatch();
    this.rules.forgetFolder(gone.path);
    node.dirs.delete(name);
    node.invalidate();
  }

  private watchDir(node: DirNode): void {
    if (!this.watching || node.watcher) return;
    if (this.watchedDirs >= this.options.maxWatchedDirs)
      return this.loseWatching(`more than ${this.options.maxWatchedDirs} folders`);
    try {
      const watcher = watch(this.abs(node.path), { persistent: false }, (_event, name) => {
        // No name: the kernel could not say what changed in the folder; look at all of it.
        if (name) this.dirty.add(node.child(name.toString()));
        else this.stale = true;
      });
      watcher.on('error', () => {
        watcher.close();
        if (node.watcher === watcher) node.watcher = undefined;
        this.stale = true;
      });
      node.watcher = watcher;
      this.watchedDirs += 1;
    } catch (error) {
      this.loseWatching((error as Error).message);
    }
  }

  private loseWatching(reason: string): void {
    if (!this.watching) return;
    this.watching = false;
    this.top?.unwatch();
    this.options.onWatchLost?.(reason);
  }

  /** Looks again at each path reported changed (and below it, when it is a folder). */
  private async refreshDirty(): Promise<void> {
    const paths = [...this.dirty].sort();
    this.dirty.clear();
    for (const path of paths) {
      if (this.stale) return this.scanAll();
      await this.refreshPath(path);
    }
  }

  private async refreshPath(path: string): Promise<void> {
    const slash = path.lastIndexOf('/');
    const parentPath = slash < 0 ? '' : path.slice(0, slash);
    const name = path.slice(slash + 1);
    const parent = this.findDir(parentPath);
    // A change in a folder the index does not know: the folder itself is the news.
    if (!parent) return parentPath ? this.refreshPath(parentPath) : undefined;
    const stats = await lstat(this.abs(path)).catch(() => undefined);
    if (name === '.gitignore') {
      // The folder's rules changed: what it keeps may have changed too.
      await this.scanDir(parent);
      return;
    }
    if (!stats) {
      this.dropFile(parent, name);
      this.dropDir(parent, name);
      return;
    }
    if (stats.isDirectory()) {
      this.dropFile(parent, name);
      if (this.ignores(path, true)) return this.dropDir(parent, name);
      const known = parent.dirs.get(name);
      if (known && known.ino === stats.ino) return;
      this.dropDir(parent, name);
      const node = this.dirNode(parent, name);
      node.ino = stats.ino;
      await this.scanDir(node);
      return;
    }
    this.dropDir(parent, name);
    if (this.ignores(path, false) || !(stats.isFile() || stats.isSymbolicLink()))
      return this.dropFile(parent, name);
    await this.updateFile(parent, name, stats);
  }

  private findDir(path: string): DirNode | undefined {
    let node = this.top;
    if (!path) return node;
    for (const part of path.split('/')) node = node?.dirs.get(part);
    return node;
  }
}
