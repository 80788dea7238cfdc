import type {
  PlanItemRef,
  RewindChoice,
  RewindPreview,
  RewindReport,
  UndoPreview,
  UnsavedFile,
} from '../protocol/checkpoints';
import {
  deltasOf,
  diffRoots,
  itemsChanged,
  sameState,
  summaryOf,
  undoneItems,
  type RootChange,
} from './history';
import { groupKey, itemLabel, pointLabel } from './labels';
import { changeOf, previewDiff } from './preview';
import { restoreFiles, type FileTarget } from './restore';
import { displayPath, Snapshotter, type SnapshotLimits } from './snapshotter';
import { CheckpointStore } from './store';
import type { PointRecord, PointTag, RootTree } from './types';
import { planUndo, type UndoPlan } from './undo-plan';

/** A rewind's outcome, with what the caller needs to go back in the conversation too. */
export interface RewindResult {
  report: RewindReport;
  /** The point gone back to. */
  target: PointRecord;
  /** Plan items whose changes are undone now (keys). */
  undone: string[];
  /** The conversation saved just before the rewind that `target` undoes (JSON), if any. */
  conversation?: unknown;
}

export interface OpenOptions extends SnapshotLimits {
  home: string;
  /** The workspace: names the store. */
  workspace: string;
  roots: readonly string[];
  onWatchLost?: (reason: string) => void;
}

/**
 * A workspace's checkpoints for one process: snapshots before calls, the points to go back
 * to, rewinds and undos of one plan item. Throws StoreError (a clear message) when the store
 * cannot be used.
 */
export class CheckpointService {
  private constructor(
    readonly store: CheckpointStore,
    private readonly snapshots: Snapshotter,
  ) {}

  static async open(options: OpenOptions): Promise<CheckpointService> {
    const store = await CheckpointStore.open(options.home, options.workspace);
    const snapshots = await Snapshotter.start(store, options.roots, options, {
      home: options.home,
      ...(options.onWatchLost ? { onWatchLost: options.onWatchLost } : {}),
    });
    return new CheckpointService(store, snapshots);
  }

  get roots(): readonly string[] {
    return this.snapshots.roots;
  }

  /** Starts the first snapshot's scan in the background. */
  warm(): void {
    void this.snapshots.warm();
  }

  /** Records the roots before a call (the call's point). */
  snapshotBefore(tag: PointTag): Promise<{ point: PointRecord; unsaved: UnsavedFile[] }> {
    return this.snapshots.take({ kind: 'call', ...tag });
  }

  /** Points (of one session, or all), oldest first. */
  async points(session?: string): Promise<PointRecord[]> {
    const all = await this.store.points();
    return session === undefined ? [...all] : all.filter((point) => point.session === session);
  }

  /** The picker's entries for a session, newest first; points with no change since are left out. */
  async choices(session: string): Promise<RewindChoice[]> {
    const points = await this.points(session);
    const now = await this.snapshots.current();
    const choices: RewindChoice[] = [];
    let previous: PointRecord | undefined;
    for (const point of points) {
      const summary = summaryOf(point);
      const head = !previous || groupKey(summaryOf(previous)) !== groupKey(summary);
      const same = previous !== undefined && sameState(previous.roots, point.roots);
      previous = point;
      if (!head && same) continue;
      const files = this.targets(await diffRoots(this.store.trees, now, point.roots)).map(changeOf);
      choices.push({ point: summary, label: pointLabel(summary, head), head, files });
    }
    return choices.reverse();
  }

  /** What going back to a point would change, with the diff. */
  async preview(pointId: number): Promise<RewindPreview> {
    const point = await this.pointOrThrow(pointId);
    const now = await this.snapshots.current();
    const targets = this.targets(await diffRoots(this.store.trees, now, point.roots));
    return {
      label: await this.labelOf(point),
      files: targets.map(changeOf),
      diff: await previewDiff(targets, this.store.objects),
    };
  }

  /**
   * Puts the roots back as they were at `pointId`. The files as they are now are recorded
   * first as a point of their own (so this rewind can be undone); then each file is
   * restored atomically, and what could not be is reported.
   */
  async rewindTo(
    pointId: number,
    options: { conversation?: unknown; todos?: PointTag['todos'] } = {},
  ): Promise<RewindResult> {
    const target = await this.pointOrThrow(pointId);
    const label = await this.labelOf(target);
    const before = await this.points(target.session);
    const from = before.findIndex((point) => point.id === target.id);
    const now = await this.snapshots.current(true);
    const changedSince = itemsChanged(await deltasOf(this.store.trees, before.slice(from), now));
    const undone = [...new Set([...undoneItems(before.slice(0, from)), ...changedSince])];
    const saved = await this.recordRewind(target, label, undone, options, now);
    const targets = this.targets(await diffRoots(this.store.trees, now, target.roots));
    const outcome = await restoreFiles(targets, this.store.objects);
    const conversation =
      target.kind === 'rewind' && target.rewind?.conversation
        ? JSON.parse((await this.store.objects.get(target.rewind.conversation)).toString('utf8'))
        : undefined;
    return {
      report: {
        target: label,
        pointId: target.id,
        savedAs: saved.id,
        ...outcome,
        conversation: false,
      },
      target,
      undone,
      ...(conversation !== undefined ? { conversation } : {}),
    };
  }

  /** What undoing one plan item would do (nothing is changed). */
  async undoPreview(session: string, item: PlanItemRef): Promise<UndoPreview> {
    const { plan } = await this.undoPlan(session, item);
    const files = this.undoTargets(plan.files);
    const overlaps = plan.overlaps.map((file) => ({
      ...changeOf(this.undoTargets([file])[0]),
      by: file.by,
    }));
    return {
      label: `undo ${itemLabel(item)}`,
      files: files.map(changeOf),
      overlaps,
      diff: await previewDiff(files, this.store.objects),
    };
  }

  /**
   * Takes back the changes made while `item` was in progress, leaving files changed again
   * since (named in the report) unless `includeOverlaps`.
   */
  async undoItem(
    session: string,
    item: PlanItemRef,
    options: { includeOverlaps?: boolean; todos?: PointTag['todos'] } = {},
  ): Promise<RewindResult> {
    const label = `undo ${itemLabel(item)}`;
    const { plan, points, now } = await this.undoPlan(session, item, true);
    const undone = [...new Set([...undoneItems(points), item.key])];
    const last = points.at(-1);
    const saved = await this.recordRewind(
      { id: last?.id ?? 0, session } as PointRecord,
      label,
      undone,
      options,
      now,
    );
    const chosen = options.includeOverlaps ? [...plan.files, ...plan.overlaps] : plan.files;
    const outcome = await restoreFiles(this.undoTargets(chosen), this.store.objects);
    const left = options.includeOverlaps
      ? []
      : plan.overlaps.map((file) => ({
          path: displayPath(this.roots, file.root, file.path),
          reason: `changed later by ${file.by.join(', ')}`,
        }));
    return {
      report: {
        target: label,
        pointId: saved.id,
        savedAs: saved.id,
        ...outcome,
        left: [...outcome.left, ...left],
        conversation: false,
      },
      target: saved,
      undone,
    };
  }

  /** Plan items whose changes are undone now, for a session. */
  async undoneItems(session: string): Promise<string[]> {
    return undoneItems(await this.points(session));
  }

  close(): Promise<void> {
    return this.snapshots.close();
  }

  private async undoPlan(session: string, item: PlanItemRef, full = false) {
    const points = await this.points(session);
    const now = await this.snapshots.current(full);
    const plan: UndoPlan = planUndo(await deltasOf(this.store.trees, points, now), item.key);
    return { plan, points, now };
  }

  private async recordRewind(
    target: Pick<PointRecord, 'id' | 'session'>,
    label: string,
    undone: string[],
    options: { conversation?: unknown; todos?: PointTag['todos'] },
    now: RootTree[],
  ): Promise<PointRecord> {
    const conversation =
      options.conversation === undefined
        ? undefined
        : await this.store.objects.put(Buffer.from(JSON.stringify(options.conversation)));
    return this.store.append({
      t: Date.now(),
      roots: now,
      session: target.session,
      kind: 'rewind',
      ...(options.todos ? { todos: options.todos } : {}),
      rewind: { to: target.id, label, undone, ...(conversation ? { conversation } : {}) },
    });
  }

  private async pointOrThrow(id: number): Promise<PointRecord> {
    const point = await this.store.point(id);
    if (!point) throw new Error(`there is no point ${id} in ${this.store.dir}`);
    return point;
  }

  private async labelOf(point: PointRecord): Promise<string> {
    const points = await this.points(point.session);
    const index = points.findIndex((candidate) => candidate.id === point.id);
    const previous = points[index - 1];
    const head = !previous || groupKey(summaryOf(previous)) !== groupKey(summaryOf(point));
    return pointLabel(summaryOf(point), head);
  }

  /** Changes from now (`before`) to a point (`after`) as files to put back. */
  private targets(changes: readonly RootChange[]): FileTarget[] {
    return changes.map((change) => ({
      root: change.root,
      path: change.path,
      shown: displayPath(this.roots, change.root, change.path),
      ...(change.before ? { current: change.before } : {}),
      ...(change.after ? { target: change.after } : {}),
    }));
  }

  private undoTargets(files: UndoPlan['files']): FileTarget[] {
    return files.map((file) => ({
      ...file,
      shown: displayPath(this.roots, file.root, file.path),
    }));
  }
}
