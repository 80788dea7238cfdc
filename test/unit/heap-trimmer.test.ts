import { describe, expect, test } from 'vitest';
import { HeapTrimmer, oldHeapBytes } from '../../src/cli/heap-trimmer';

const MB = 1024 * 1024;

function fake(start: number) {
  const state = { used: start, now: 0, collected: 0, after: start };
  const trimmer = new HeapTrimmer({
    measure: () => state.used,
    now: () => state.now,
    collect: () => {
      state.collected += 1;
      state.used = state.after;
    },
    growthBytes: 16 * MB,
    growthFactor: 1.5,
    minIntervalMs: 2000,
  });
  return { state, trimmer };
}

describe('HeapTrimmer', () => {
  test('collects only when the old generation grew past both thresholds', () => {
    const { state, trimmer } = fake(20 * MB);
    state.used = 34 * MB; // 1.7x but only 14 MB more
    expect(trimmer.trimIfGrown()).toBe(false);
    state.used = 37 * MB;
    state.after = 22 * MB;
    expect(trimmer.trimIfGrown()).toBe(true);
    expect(state.collected).toBe(1);
    // The new baseline is what the collection left.
    state.now = 5000;
    state.used = 36 * MB;
    expect(trimmer.trimIfGrown()).toBe(false);
    state.used = 39 * MB;
    expect(trimmer.trimIfGrown()).toBe(true);
  });

  test('a big heap needs to grow by half before it is collected again', () => {
    const { state, trimmer } = fake(100 * MB);
    state.used = 140 * MB;
    expect(trimmer.trimIfGrown()).toBe(false);
    state.used = 151 * MB;
    expect(trimmer.trimIfGrown()).toBe(true);
  });

  test('never twice within the interval, and never without a collector', () => {
    const { state, trimmer } = fake(10 * MB);
    state.used = 60 * MB;
    state.after = 10 * MB;
    expect(trimmer.trimIfGrown()).toBe(true);
    state.used = 60 * MB;
    state.now = 1999;
    expect(trimmer.trimIfGrown()).toBe(false);
    state.now = 2000;
    expect(trimmer.trimIfGrown()).toBe(true);
    const none = new HeapTrimmer({ collect: null, measure: () => 1e12 });
    expect(none.trimIfGrown()).toBe(false);
  });

  test("frees the real heap's garbage", () => {
    const trimmer = new HeapTrimmer({ growthBytes: 4 * MB, growthFactor: 1, minIntervalMs: 0 });
    let garbage: number[][] | null = Array.from({ length: 8 }, () => new Array(200_000).fill(1.5));
    const grown = oldHeapBytes();
    expect(garbage.length).toBe(8);
    garbage = null;
    expect(trimmer.trimIfGrown()).toBe(true);
    expect(oldHeapBytes()).toBeLessThan(grown - 8 * MB);
    expect(garbage).toBeNull();
  });
});
