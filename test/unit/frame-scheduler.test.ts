import { describe, expect, test } from 'vitest';
import { FRAME_MS, FrameScheduler } from '../../src/app/frame-scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tick = () => new Promise((resolve) => setImmediate(resolve));

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
    frames.request('paced');
    frames.request('paced');
    await sleep(5);
    expect(log.filter((step) => step === 'draw')).toHaveLength(1);
    frames.request('paced');
    await sleep(30);
    expect(log.filter((step) => step === 'draw')).toHaveLength(1);
    await sleep(120);
    expect(log.filter((step) => step === 'draw')).toHaveLength(2);
  });

  test('an urgent request is not held back by the pacing, and its frame is not a paced slot', async () => {
    const frames = new FrameScheduler({ intervalMs: 1000 });
    const seen: boolean[] = [];
    frames.onFrame('state', (frame) => seen.push(frame.paced));
    frames.request('paced');
    await sleep(5);
    frames.request('paced');
    frames.request('soon');
    await tick();
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
    await sleep(80);
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
    await sleep(30);
    expect(log).toEqual([]);
    const remove = frames.onFrame('draw', () => log.push('extra'));
    remove();
    frames.request('now');
    expect(log).not.toContain('extra');
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
    await sleep(40);
    expect(runs).toBe(1);
    await sleep(80);
    expect(runs).toBe(2);
    frames.request('animation');
    frames.request('paced');
    await sleep(45);
    expect(runs).toBe(3);
  });
});
