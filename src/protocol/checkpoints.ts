/**
 * Checkpoints as every layer sees them: the points a rewind can go back to, what going back
 * would change, and what a rewind did. The store itself lives in src/checkpoints/.
 */

/** The plan item a point was taken under: a todo (known by its text) or a task (by its id). */
export interface PlanItemRef {
  /** `todo:<content>` or `task:<id>`: how the plan panel finds the item. */
  key: string;
  /** `#3`: a todo's place in the list then, a task's id. */
  label: string;
  text: string;
}

/** A todo's key as points and the undone marks name it. */
export const todoKey = (content: string): string => `todo:${content}`;
/** A task's key as points and the undone marks name it. */
export const taskKey = (id: string): string => `task:${id}`;

/** The call a point was taken before. */
export interface PointCall {
  id: string;
  /** tick's tool name (`bash`, `write_file`). */
  tool: string;
  /** The call's one-line summary (the command, the path). */
  summary: string;
  /** The subagent that made it; absent for the main agent. */
  agent?: string;
}

/** One point as pickers, lists and reports show it. */
export interface PointSummary {
  /** Numbered in the workspace's store, from 1. */
  id: number;
  /** When it was taken (ms since the epoch). */
  t: number;
  session: string;
  /** `call`: before a call; `rewind`: the state just before a rewind (so it can be undone). */
  kind: 'call' | 'rewind';
  /** The plan item in progress. */
  item?: PlanItemRef;
  /** The prompt being worked on (its first line, clipped). */
  prompt?: string;
  call?: PointCall;
  /** A rewind point: where that rewind went (`before #2 Write the parser`). */
  rewindTo?: string;
}

/** What going back to a point would do to one file. */
export interface FileChange {
  /** As the user reads it: relative to the workspace, absolute in another root. */
  path: string;
  /**
   * restore: its content goes back; remove: it was created since and goes; recreate: it was
   * deleted since and comes back; keep: it cannot be restored and is left as it is (`reason`).
   */
  change: 'restore' | 'remove' | 'recreate' | 'keep';
  reason?: string;
}

/** A file a rewind could not put back, and why. */
export interface FileProblem {
  path: string;
  reason: string;
}

/** What a rewind (or an undo of one plan item) did. */
export interface RewindReport {
  /** `before #2 Write the parser`, `undo #3 Write the tests`. */
  target: string;
  pointId: number;
  /** The point that holds the files as they were just before this rewind. */
  savedAs?: number;
  restored: string[];
  removed: string[];
  /** Files it tried and failed to put back (permissions, a folder in the way, ...). */
  failed: FileProblem[];
  /** Files it left on purpose: over the size cap, or changed later (an undo's overlaps). */
  left: FileProblem[];
  /** The conversation went back to the point too. */
  conversation: boolean;
}

/** A file too large to be kept, named before the call that might change it runs. */
export interface UnsavedFile {
  path: string;
  bytes: number;
}

/** What the user asked to go back to: a point (files, and the conversation if chosen), or one item's undo. */
export type RewindRequest =
  | { kind: 'point'; pointId: number; conversation: boolean }
  /** `item`: `#3` as the plan panel numbers it; `includeOverlaps`: take back files changed later too. */
  | { kind: 'undo'; item: string; includeOverlaps: boolean };

/** One entry of the rewind picker: a point, its name, and what going back to it would change. */
export interface RewindChoice {
  point: PointSummary;
  /** `before #2 Write the parser`, `before bash rm notes.txt`. */
  label: string;
  /** The first point of its plan item (or prompt); else a call within it. */
  head: boolean;
  files: FileChange[];
}

/** What going back to a point would do, for the picker's preview. */
export interface RewindPreview {
  label: string;
  files: FileChange[];
  /** Unified diff from the files now to the files at the point. */
  diff: string;
}

/** What undoing one plan item would do. */
export interface UndoPreview {
  /** `undo #3 Write the tests`. */
  label: string;
  /** Files it puts back. */
  files: FileChange[];
  /** Files changed again after the item: named, and left unless the user takes them too. */
  overlaps: (FileChange & { by: string[] })[];
  diff: string;
}
