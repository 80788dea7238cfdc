import { existsSync } from 'node:fs';
import type { ReportPoint } from '../session/report';
import { summaryOf } from './history';
import { groupKey, pointLabel } from './labels';
import { checkpointDir, CheckpointStore } from './store';
import type { PointSummary } from '../protocol/checkpoints';

/**
 * The points a session took, oldest first, named as the picker names them, for `tick
 * export`. Undefined when the workspace has no store (nothing is made by looking).
 * Throws StoreError when the store cannot be read.
 */
export async function sessionPoints(
  home: string,
  workspace: string,
  session: string,
): Promise<ReportPoint[] | undefined> {
  if (!existsSync(checkpointDir(home, workspace))) return undefined;
  const store = await CheckpointStore.open(home, workspace);
  let previous: PointSummary | undefined;
  const points: ReportPoint[] = [];
  for (const record of await store.points()) {
    if (record.session !== session) continue;
    const point = summaryOf(record);
    const head = !previous || groupKey(previous) !== groupKey(point);
    previous = point;
    points.push({ id: point.id, t: point.t, label: pointLabel(point, head), head });
  }
  return points;
}
