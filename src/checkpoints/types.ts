import type { PlanItemRef, PointCall } from '../protocol/checkpoints';
import type { Todo } from '../protocol/todos';

/** A file as a snapshot keeps it: its content's object, its size and permission bits. */
export interface SavedFile {
  kind: 'file';
  hash: string;
  size: number;
  /** Permission bits (`0o644`, `0o755`). */
  mode: number;
}

/** A symbolic link: the object holds its target. */
export interface SavedLink {
  kind: 'link';
  hash: string;
  size: number;
}

/** A file over the size cap: named in the snapshot, its content not kept. */
export interface UnsavedBigFile {
  kind: 'big';
  size: number;
  mtimeMs: number;
}

export type Entry = SavedFile | SavedLink | UnsavedBigFile;

/** A root's files in one snapshot: posix path relative to the root -> entry. */
export type FlatTree = Map<string, Entry>;

/** The same path in two snapshots (absent: it did not exist there). */
export interface EntryChange {
  path: string;
  before?: Entry;
  after?: Entry;
}

/** One root of the workspace as a snapshot holds it. */
export interface RootTree {
  /** The root's real path. */
  root: string;
  /** The hash of its top folder's tree object. */
  tree: string;
}

/** A point as the store's log keeps it (one JSON line of points.jsonl). */
export interface PointRecord {
  id: number;
  t: number;
  session: string;
  kind: 'call' | 'rewind';
  roots: RootTree[];
  item?: PlanItemRef;
  prompt?: string;
  call?: PointCall;
  /** The todo list then (a conversation rewind puts it back). */
  todos?: Todo[];
  /** A rewind point: the point that rewind went to, its label, and what it left undone. */
  rewind?: {
    to: number;
    label: string;
    /** Plan items (keys) whose changes are undone after that rewind. */
    undone: string[];
    /** The conversation before that rewind, when it went back too (an object: JSON). */
    conversation?: string;
  };
}

/** Everything needed to tag a point, gathered when a call is about to run. */
export interface PointTag {
  session: string;
  item?: PlanItemRef;
  prompt?: string;
  call?: PointCall;
  todos?: Todo[];
}
