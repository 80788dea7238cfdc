import { describe, expect, test } from 'vitest';
import type { Delta } from '../../src/checkpoints/history';
import type { Entry, PointRecord } from '../../src/checkpoints/types';
import { planUndo } from '../../src/checkpoints/undo-plan';

const file = (hash: string): Entry => ({ kind: 'file', hash, size: 1, mode: 0o644 });
let nextId = 1;

/** A delta: the calls of point `point` changed `path` from `before` to `after`. */
function delta(
  point: Partial<PointRecord>,
  changes: [path: string, before: string | undefined, after: string | undefined][],
): Delta {
  return {
    point: { id: nextId++, t: 0, session: 's', kind: 'call', roots: [], ...point },
    changes: changes.map(([path, before, after]) => ({
      root: '/ws',
      path,
      ...(before ? { before: file(before) } : {}),
      ...(after ? { after: file(after) } : {}),
    })),
  };
}

const item = (n: number, text: string) => ({ item: { key: `todo:${text}`, label: `#${n}`, text } });

describe('planUndo', () => {
  test("an item's files go back to before its first change; a file changed later is an overlap named by who changed it", () => {
    const plan = planUndo(
      [
        delta(item(3, 'Report'), [
          ['report.txt', undefined, 'r1'],
          ['summary.txt', undefined, 's1'],
        ]),
        delta(item(3, 'Report'), [['summary.txt', 's1', 's2']]),
        delta(item(4, 'Polish'), [['report.txt', 'r1', 'r2']]),
      ],
      'todo:Report',
    );
    expect(plan.files).toEqual([{ root: '/ws', path: 'summary.txt', current: file('s2') }]);
    expect(plan.overlaps).toEqual([
      { root: '/ws', path: 'report.txt', current: file('r2'), by: ['#4 Polish'] },
    ]);
  });

  test('later changes that cancel out (a rewind and its undo) are no overlap', () => {
    const plan = planUndo(
      [
        delta(item(3, 'Report'), [['summary.txt', 'old', 'new']]),
        delta({ kind: 'rewind' }, [['summary.txt', 'new', 'old']]),
        delta({ kind: 'rewind' }, [['summary.txt', 'old', 'new']]),
      ],
      'todo:Report',
    );
    expect(plan.overlaps).toEqual([]);
    expect(plan.files).toEqual([
      { root: '/ws', path: 'summary.txt', current: file('new'), target: file('old') },
    ]);
  });

  test("a change by another between the item's own changes is an overlap even when the item wrote last", () => {
    const plan = planUndo(
      [
        delta(item(2, 'Parse'), [['a.ts', 'a0', 'a1']]),
        delta({ prompt: 'fix it' }, [['a.ts', 'a1', 'a2']]),
        delta(item(2, 'Parse'), [['a.ts', 'a2', 'a3']]),
      ],
      'todo:Parse',
    );
    expect(plan.files).toEqual([]);
    expect(plan.overlaps.map((overlap) => overlap.by)).toEqual([['the prompt "fix it"']]);
  });

  test('files the item never touched are not in the plan', () => {
    const plan = planUndo([delta(item(1, 'Other'), [['x', 'a', 'b']])], 'todo:Report');
    expect(plan).toEqual({ files: [], overlaps: [] });
  });
});
