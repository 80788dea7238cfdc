import { expect, test } from 'vitest';
import { liveRecord } from '../../src/util/live-record';

test('a live record shows the entries of the moment to every holder of the one reference', () => {
  const base: Record<string, number> = { own: 1 };
  let extra: Record<string, number> = {};
  const record = liveRecord(base, () => extra);
  expect(Object.keys(record)).toEqual(['own']);
  extra = { a: 2, b: 3 };
  expect(record.a).toBe(2);
  expect('b' in record).toBe(true);
  expect(Object.entries(record)).toEqual([
    ['own', 1],
    ['a', 2],
    ['b', 3],
  ]);
  expect({ ...record }).toEqual({ own: 1, a: 2, b: 3 });
  extra = {};
  expect('a' in record).toBe(false);
  expect(record.a).toBeUndefined();
});

test('a write goes to the base, so a later step can still add its own entries', () => {
  const base: Record<string, string> = {};
  const record = liveRecord(base, () => ({ server: 'mcp' }));
  record.mine = 'step';
  expect(base).toEqual({ mine: 'step' });
  expect(Object.keys(record).sort()).toEqual(['mine', 'server']);
});
