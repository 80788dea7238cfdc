import type { Delta } from './history';
import { sameEntry } from './trees';
import type { Entry } from './types';

/** A file an undo puts back to how it was before the item's first change to it. */
export interface UndoFile {
  root: string;
  path: string;
  /** As it is now (the item's last change to it left it so). */
  current?: Entry;
  /** As it was before the item first changed it (absent: the item created it). */
  target?: Entry;
}

/** A file the item changed that was changed again afterwards: left for the user. */
export interface OverlapFile {
  root: string;
  path: string;
  /** What changed it after the item did (`#4 Write the docs`, `a rewind`, `the prompt "…"`). */
  by: string[];
  /** As it is now, and as the undo would make it if the user chose to take it back anyway. */
  current?: Entry;
  target?: Entry;
}

export interface UndoPlan {
  files: UndoFile[];
  overlaps: OverlapFile[];
}

/** How a delta is named when it changed a file after the item did. */
function whoChanged(delta: Delta): string {
  const { point } = delta;
  if (point.kind === 'rewind') return 'a rewind';
  if (point.item) return `${point.item.label} ${point.item.text}`;
  return point.prompt ? `the prompt "${point.prompt}"` : 'a later call';
}

/**
 * Undo one plan item: every file its calls changed goes back to how it was before the item
 * first changed it, unless something else changed that file after (a later item, a call
 * outside the plan, a rewind) and it is not as the item left it: such a file is an overlap,
 * named and left as it is, since putting it back would also take away that later work. Pure: `deltas` are the session's
 * deltas in order, the last one ending now.
 */
export function planUndo(deltas: readonly Delta[], itemKey: string): UndoPlan {
  const byFile = new Map<string, { root: string; path: string; touches: Delta[] }>();
  for (const delta of deltas)
    for (const change of delta.changes) {
      const key = `${change.root}\0${change.path}`;
      const file = byFile.get(key) ?? { root: change.root, path: change.path, touches: [] };
      file.touches.push(delta);
      byFile.set(key, file);
    }
  const ofItem = (delta: Delta) => delta.point.kind === 'call' && delta.point.item?.key === itemKey;
  const plan: UndoPlan = { files: [], overlaps: [] };
  for (const { root, path, touches } of byFile.values()) {
    const first = touches.findIndex(ofItem);
    if (first < 0) continue;
    const changeIn = (delta: Delta) =>
      delta.changes.find((change) => change.root === root && change.path === path);
    const last = touches.findLastIndex(ofItem);
    const target = changeIn(touches[first])?.before;
    const leftByItem = changeIn(touches[last])?.after;
    const current = changeIn(touches[touches.length - 1])?.after;
    // Later changes that cancel out (a rewind, then its undo) leave the item's work alone;
    // a change by another between the item's own is in its files either way.
    const between = touches.slice(first, last).filter((delta) => !ofItem(delta));
    const after = touches.slice(last + 1);
    const others = sameEntry(current, leftByItem) ? between : [...between, ...after];
    const file = {
      root,
      path,
      ...(current ? { current } : {}),
      ...(target ? { target } : {}),
    };
    if (others.length) plan.overlaps.push({ ...file, by: [...new Set(others.map(whoChanged))] });
    else plan.files.push(file);
  }
  return plan;
}
