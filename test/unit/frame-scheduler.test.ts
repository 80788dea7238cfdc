import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FRAME_MS, FrameScheduler } from '../../src/app/frame-scheduler';

// The clock is fake (timers, immediates and Date.now): each test advances it by the frame.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function setup(intervalMs = 100) {
  const frames = new FrameScheduler({ intervalMs });
  const log: string[] = [];
  frames.onFrame('draw', () => log.push('draw'));
  frames.onFrame('events', () => log.push('events'));
  frames.onFrame('state', () => log.push('state'));
  return { frames, log };
}

describe('FrameScheduler', () => {
  test('a frame runs its steps in order: events, state, draw', () => {
    const { frames, log } = setup();
    frames.request('now');
    expect(log).toEqual(['events', 'state', 'draw']);
  });

  test('paced requests within one slot make one frame; the next waits for the slot', async () => {
    const { frames, log } = setup(100);
    const draws = () => log.filter((step) => step === 'draw').length;
    frames.request('paced');
    frames.request('paced');
    await advance(5);
    expect(draws()).toBe(1);
    frames.request('paced');
    await advance(30);
    expect(draws()).toBe(1);
    // The slot is 100 ms after the first frame (t = 0): not a millisecond sooner.
    await advance(64);
    expect(draws()).toBe(1);
    await advance(1);
    expect(draws()).toBe(2);
  });

  test('an urgent request is not held back by the pacing, and its frame is not a paced slot', async () => {
    const frames = new FrameScheduler({ intervalMs: 1000 });
    const seen: boolean[] = [];
    frames.onFrame('state', (frame) => seen.push(frame.paced));
    frames.request('paced');
    await advance(5);
    frames.request('paced');
    frames.request('soon');
    // The next macrotask: no time passes.
    await advance(0);
    // The first frame fell on a slot; the urgent one came before the next slot.
    expect(seen).toEqual([true, false]);
  });

  test('a paced request made during a frame is kept for the next slot', async () => {
    const frames = new FrameScheduler({ intervalMs: 30 });
    let runs = 0;
    frames.onFrame('state', () => {
      runs += 1;
      if (runs === 1) frames.request('paced');
    });
    frames.request('now');
    expect(runs).toBe(1);
    await advance(29);
    expect(runs).toBe(1);
    await advance(1);
    expect(runs).toBe(2);
  });

  test('a request made while a frame runs is served by the steps still to run', () => {
    const frames = new FrameScheduler({ intervalMs: 1000 });
    const log: string[] = [];
    frames.onFrame('events', () => {
      log.push('events');
      frames.request('now');
    });
    frames.onFrame('draw', () => log.push('draw'));
    frames.request('now');
    expect(log).toEqual(['events', 'draw']);
  });

  test('cancel drops a pending frame; a removed step no longer runs', async () => {
    const { frames, log } = setup(10);
    frames.request('soon');
    frames.cancel();
    await advance(30);
    expect(log).toEqual([]);
    const remove = frames.onFrame('draw', () => log.push('extra'));
    remove();
    frames.request('now');
    expect(log).not.toContain('extra');
  });

  test('pending says whether a frame is asked for and has not run yet', async () => {
    const { frames } = setup(50);
    expect(frames.pending).toBe(false);
    frames.request('soon');
    expect(frames.pending).toBe(true);
    await advance(0);
    expect(frames.pending).toBe(false);
    frames.request('paced');
    expect(frames.pending).toBe(true);
    await advance(50);
    expect(frames.pending).toBe(false);
    frames.request('paced');
    frames.cancel();
    expect(frames.pending).toBe(false);
  });

  test('the paced interval is FRAME_MS unless given', () => {
    expect(new FrameScheduler().intervalMs).toBe(FRAME_MS);
  });

  test('spinner turns (animation) wait for the animation step, a paced request sooner wins', async () => {
    const frames = new FrameScheduler({ intervalMs: 20 });
    let runs = 0;
    frames.onFrame('draw', () => (runs += 1));
    frames.request('now');
    frames.request('animation');
    // The animation step (ANIMATION_MS, 80 ms), not the 20 ms frame slot.
    await advance(40);
    expect(runs).toBe(1);
    await advance(40);
    expect(runs).toBe(2);
    frames.request('animation');
    frames.request('paced');
    await advance(20);
    expect(runs).toBe(3);
  });
});
