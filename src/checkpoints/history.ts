import type { PointSummary } from '../protocol/checkpoints';
import type { TreeReader } from './trees';
import type { EntryChange, PointRecord, RootTree } from './types';

/** A file changed between two points, in one of the roots. */
export interface RootChange extends EntryChange {
  root: string;
}

/**
 * What changed from one point to the next (or to now, for the last): the work of the call
 * the point was taken before, attributed to the plan item then in progress.
 */
export interface Delta {
  point: PointRecord;
  changes: RootChange[];
}

const treeOf = (roots: readonly RootTree[], root: string) =>
  roots.find((entry) => entry.root === root)?.tree;

/** The files that differ between two sets of root trees. */
export async function diffRoots(
  trees: TreeReader,
  before: readonly RootTree[],
  after: readonly RootTree[],
): Promise<RootChange[]> {
  const roots = [...new Set([...before, ...after].map((entry) => entry.root))];
  const changes: RootChange[] = [];
  for (const root of roots)
    for (const change of await trees.diff(treeOf(before, root), treeOf(after, root)))
      changes.push({ root, ...change });
  return changes;
}

/** Each point's delta to the next point (the last one's to `now`), oldest first. */
export async function deltasOf(
  trees: TreeReader,
  points: readonly PointRecord[],
  now: readonly RootTree[],
): Promise<Delta[]> {
  const deltas: Delta[] = [];
  for (const [index, point] of points.entries()) {
    const next = points[index + 1]?.roots ?? now;
    deltas.push({ point, changes: await diffRoots(trees, point.roots, next) });
  }
  return deltas;
}

/** Plan items whose calls changed files in these deltas (in order, each once). */
export function itemsChanged(deltas: readonly Delta[]): string[] {
  const keys = deltas
    .filter((delta) => delta.point.kind === 'call' && delta.changes.length > 0)
    .flatMap((delta) => (delta.point.item ? [delta.point.item.key] : []));
  return [...new Set(keys)];
}

/**
 * The plan items whose changes are undone after these points: what the last rewind left
 * undone, less the items worked on again since (a call made while one was in progress).
 */
export function undoneItems(points: readonly PointRecord[]): string[] {
  let undone = new Set<string>();
  for (const point of points) {
    if (point.kind === 'rewind' && point.rewind) undone = new Set(point.rewind.undone);
    else if (point.item) undone.delete(point.item.key);
  }
  return [...undone];
}

/** A point as the protocol carries it. */
export function summaryOf(point: PointRecord): PointSummary {
  return {
    id: point.id,
    t: point.t,
    session: point.session,
    kind: point.kind,
    ...(point.item ? { item: point.item } : {}),
    ...(point.prompt ? { prompt: point.prompt } : {}),
    ...(point.call ? { call: point.call } : {}),
    ...(point.rewind ? { rewindTo: point.rewind.label } : {}),
  };
}

/** The same files in both (every root's tree equal). */
export function sameState(a: readonly RootTree[], b: readonly RootTree[]): boolean {
  return a.length === b.length && a.every((entry) => treeOf(b, entry.root) === entry.tree);
}
