import type { FSWatcher } from 'node:fs';
import type { StatKey } from './file-saver';
import type { ObjectStore } from './objects';
import { encodeTree, type TreeItem } from './trees';
import type { Entry } from './types';

/** A file as the index knows it: what the snapshot holds and the stat it was saved under. */
export interface IndexedFile {
  entry: Entry;
  stat: StatKey;
}

/**
 * One folder of a root as the index knows it: its files and subfolders, its tree object's
 * hash while nothing below changed, and the watcher that reports changes in it.
 */
export class DirNode {
  readonly files = new Map<string, IndexedFile>();
  readonly dirs = new Map<string, DirNode>();
  /** The tree object of this folder; undefined once something below it changed. */
  tree: string | undefined;
  watcher: FSWatcher | undefined;

  constructor(
    readonly parent: DirNode | undefined,
    /** Relative to the root, posix; '' for the root. */
    readonly path: string,
    public ino: number,
  ) {}

  child(name: string): string {
    return this.path ? `${this.path}/${name}` : name;
  }

  /** Something below changed: this folder's tree and its parents' must be written again. */
  invalidate(): void {
    this.tree = undefined;
    for (let node = this.parent; node && node.tree !== undefined; node = node.parent)
      node.tree = undefined;
  }

  /** Every folder from this one down (this one first). */
  *walk(): Generator<DirNode> {
    yield this;
    for (const dir of this.dirs.values()) yield* dir.walk();
  }

  /** Stops watching this folder and everything below it. */
  unwatch(): void {
    for (const node of this.walk()) {
      node.watcher?.close();
      node.watcher = undefined;
    }
  }

  /** Counts the files from here down. */
  fileCount(): number {
    let count = 0;
    for (const node of this.walk()) count += node.files.size;
    return count;
  }

  /**
   * This folder's tree object (written to the store when it changed), or undefined when no
   * file lies below it (empty folders are not kept, as in git).
   */
  async writeTree(objects: ObjectStore): Promise<string | undefined> {
    if (this.tree !== undefined) return this.tree || undefined;
    const items: TreeItem[] = [];
    for (const [name, { entry }] of this.files) items.push(treeItem(name, entry));
    for (const [name, dir] of this.dirs) {
      const tree = await dir.writeTree(objects);
      if (tree) items.push([name, 'd', tree]);
    }
    // '' marks "known to be empty", so an empty folder is not looked at again either.
    this.tree = items.length ? await objects.put(encodeTree(items)) : '';
    return this.tree || undefined;
  }
}

function treeItem(name: string, entry: Entry): TreeItem {
  switch (entry.kind) {
    case 'file':
      return [name, 'f', entry.hash, entry.size, entry.mode];
    case 'link':
      return [name, 'l', entry.hash, entry.size];
    case 'big':
      return [name, 'b', entry.size, entry.mtimeMs];
  }
}
