import v8 from 'node:v8';
import vm from 'node:vm';

type CollectGarbage = () => void;

/** V8's gc(), made reachable at run time; null when the runtime refuses. */
function exposeGc(): CollectGarbage | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as CollectGarbage) : null;
  } catch {
    return null;
  }
}

/** Bytes in the spaces that only a full collection frees (everything but the young generation). */
export function oldHeapBytes(): number {
  let bytes = 0;
  for (const space of v8.getHeapSpaceStatistics())
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space')
      bytes += space.space_used_size;
  return bytes;
}

export interface HeapTrimmerOptions {
  /** Collect once the old generation holds this much more than after the last collection. */
  growthBytes?: number;
  /** …and this many times what it held then. */
  growthFactor?: number;
  /** Least time between two collections. */
  minIntervalMs?: number;
  now?: () => number;
  collect?: CollectGarbage | null;
  measure?: () => number;
}

/**
 * Keeps a long session's memory flat. V8 lets the old generation grow to about four
 * times what is live before it collects it, so the app's memory climbed with every tool
 * call although it kept little. The app asks for a full collection while it waits on the
 * network (just after a model request went out), when the old generation has grown well
 * past what the last collection left: a pause of milliseconds the user never sees.
 */
export class HeapTrimmer {
  private readonly collect: CollectGarbage | null;
  private readonly measure: () => number;
  private readonly now: () => number;
  private readonly growthBytes: number;
  private readonly growthFactor: number;
  private readonly minIntervalMs: number;
  private live: number;
  private last = -Infinity;
  /** Collections done, for tests and the bench. */
  collections = 0;

  constructor(options: HeapTrimmerOptions = {}) {
    this.collect = options.collect === undefined ? exposeGc() : options.collect;
    this.measure = options.measure ?? oldHeapBytes;
    this.now = options.now ?? Date.now;
    this.growthBytes = options.growthBytes ?? 16 * 1024 * 1024;
    this.growthFactor = options.growthFactor ?? 1.5;
    this.minIntervalMs = options.minIntervalMs ?? 2000;
    this.live = this.measure();
  }

  /** Collects if the old generation grew past the thresholds; returns whether it did. */
  trimIfGrown(): boolean {
    if (!this.collect || this.now() - this.last < this.minIntervalMs) return false;
    const used = this.measure();
    if (used < this.live * this.growthFactor || used - this.live < this.growthBytes) return false;
    this.collect();
    this.collections += 1;
    this.last = this.now();
    this.live = this.measure();
    return true;
  }
}
