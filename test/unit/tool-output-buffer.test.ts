import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { HeadTailBuffer, cutMiddle } from '../../src/tools/output-buffer';
import { LiveOutput } from '../../src/tools/live-output';

describe('HeadTailBuffer', () => {
  it('returns everything while it fits', () => {
    const buffer = new HeadTailBuffer(10);
    for (const piece of ['abc', 'def', 'ghij']) buffer.push(piece);
    expect(buffer.toString()).toBe('abcdefghij');
  });

  it('keeps the head and the tail of a long stream and counts what was cut', () => {
    const buffer = new HeadTailBuffer(10);
    const text = 'HEAD-' + 'x'.repeat(1000) + '-TAIL';
    for (let i = 0; i < text.length; i += 7) buffer.push(text.slice(i, i + 7));
    expect(buffer.length).toBe(text.length);
    expect(buffer.toString()).toBe(`HEAD-\n... [1,000 characters cut] ...\n-TAIL`);
  });

  it('matches the one-shot cut for text already in memory', () => {
    const text = Array.from({ length: 5000 }, (_, i) => i).join(',');
    const buffer = new HeadTailBuffer(100);
    buffer.push(text);
    expect(buffer.toString()).toBe(cutMiddle(text, 100));
    expect(cutMiddle(text, 100)).toContain(
      `[${(text.length - 100).toLocaleString('en-US')} characters cut]`,
    );
  });
});

describe('LiveOutput', () => {
  it('coalesces tiny chunks into one emission per interval', () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const emitted: string[] = [];
    const live = new LiveOutput((chunk) => emitted.push(chunk), 30);
    for (let i = 0; i < 100; i += 1) live.push(`${i} `);
    expect(emitted).toEqual([]);
    vi.advanceTimersByTime(29);
    expect(emitted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(emitted).toHaveLength(1);
    // Nothing new came: nothing more goes out.
    vi.advanceTimersByTime(90);
    expect(emitted).toHaveLength(1);
    expect(emitted[0].startsWith('0 1 2 ')).toBe(true);
    live.push('end');
    live.flush();
    expect(emitted).toEqual([emitted[0], 'end']);
  });

  it('keeps only the recent tail of a flood and says what it skipped', () => {
    const emitted: string[] = [];
    const live = new LiveOutput((chunk) => emitted.push(chunk), 1000);
    live.push('a'.repeat(100_000));
    live.push('LAST');
    live.flush();
    expect(emitted).toHaveLength(1);
    expect(emitted[0].length).toBeLessThan(17_000);
    expect(emitted[0]).toMatch(/^\n\.\.\. \[[\d,]+ characters not shown live\] \.\.\.\n/);
    expect(emitted[0].endsWith('aaLAST')).toBe(true);
  });
});
