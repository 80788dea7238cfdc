import { DamagedObjectError, type ObjectStore } from './objects';
import type { Entry, EntryChange, FlatTree } from './types';

/**
 * One folder of a snapshot, as a tree object holds it: its files, links, files over the cap
 * and subfolders (by their own tree's hash), sorted by name. A snapshot shares every folder
 * that did not change with the snapshots before it, so the store grows with the changes.
 */
export type TreeItem =
  | [name: string, kind: 'f', hash: string, size: number, mode: number]
  | [name: string, kind: 'l', hash: string, size: number]
  | [name: string, kind: 'b', size: number, mtimeMs: number]
  | [name: string, kind: 'd', hash: string];

export function encodeTree(items: readonly TreeItem[]): Buffer {
  const sorted = [...items].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return Buffer.from(JSON.stringify(sorted));
}

export function decodeTree(content: Buffer): TreeItem[] {
  const value: unknown = JSON.parse(content.toString('utf8'));
  if (!Array.isArray(value) || !value.every(isTreeItem))
    throw new DamagedObjectError('a folder of the snapshot is not a tree');
  return value;
}

function isTreeItem(item: unknown): item is TreeItem {
  if (!Array.isArray(item) || typeof item[0] !== 'string') return false;
  switch (item[1]) {
    case 'f':
      return item.length === 5 && typeof item[2] === 'string';
    case 'l':
      return item.length === 4 && typeof item[2] === 'string';
    case 'b':
      return item.length === 4 && typeof item[2] === 'number';
    case 'd':
      return item.length === 3 && typeof item[2] === 'string';
    default:
      return false;
  }
}

/** The entry a tree item names (not for folders). */
export function entryOf(item: Exclude<TreeItem, [string, 'd', string]>): Entry {
  switch (item[1]) {
    case 'f':
      return { kind: 'file', hash: item[2], size: item[3], mode: item[4] };
    case 'l':
      return { kind: 'link', hash: item[2], size: item[3] };
    case 'b':
      return { kind: 'big', size: item[2], mtimeMs: item[3] };
  }
}

export function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.kind === 'big') return b.kind === 'big' && a.size === b.size && a.mtimeMs === b.mtimeMs;
  if (a.kind === 'link') return b.kind === 'link' && a.hash === b.hash;
  return b.kind === 'file' && a.hash === b.hash && a.mode === b.mode;
}

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** Reads snapshots' trees, each tree object parsed once. */
export class TreeReader {
  private readonly parsed = new Map<string, TreeItem[]>();

  constructor(private readonly objects: ObjectStore) {}

  async items(hash: string): Promise<TreeItem[]> {
    let items = this.parsed.get(hash);
    if (!items) {
      items = decodeTree(await this.objects.get(hash));
      this.parsed.set(hash, items);
    }
    return items;
  }

  /** Every file of a snapshot's root, by path. */
  async flat(hash: string, dir = '', into: FlatTree = new Map()): Promise<FlatTree> {
    for (const item of await this.items(hash)) {
      const path = join(dir, item[0]);
      if (item[1] === 'd') await this.flat(item[2], path, into);
      else into.set(path, entryOf(item));
    }
    return into;
  }

  /** The files that differ between two trees (either may be absent), skipping equal folders. */
  async diff(
    before: string | undefined,
    after: string | undefined,
    dir = '',
  ): Promise<EntryChange[]> {
    if (before === after) return [];
    const left = before ? await this.items(before) : [];
    const right = after ? await this.items(after) : [];
    const byName = new Map<string, { left?: TreeItem; right?: TreeItem }>();
    for (const item of left) byName.set(item[0], { left: item });
    for (const item of right) byName.set(item[0], { ...byName.get(item[0]), right: item });
    const changes: EntryChange[] = [];
    for (const [name, pair] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const path = join(dir, name);
      const leftDir = pair.left?.[1] === 'd' ? pair.left[2] : undefined;
      const rightDir = pair.right?.[1] === 'd' ? pair.right[2] : undefined;
      if (leftDir !== undefined || rightDir !== undefined)
        changes.push(...(await this.diff(leftDir, rightDir, path)));
      const beforeEntry = pair.left && pair.left[1] !== 'd' ? entryOf(pair.left) : undefined;
      const afterEntry = pair.right && pair.right[1] !== 'd' ? entryOf(pair.right) : undefined;
      if (!sameEntry(beforeEntry, afterEntry))
        changes.push({
          path,
          ...(beforeEntry ? { before: beforeEntry } : {}),
          ...(afterEntry ? { after: afterEntry } : {}),
        });
    }
    return changes;
  }
}
