import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SESSION_FORMAT_VERSION, type HeaderRecord } from '../../src/session/format';
import { readSessionFile } from '../../src/session/reader';
import { restoreSession } from '../../src/session/restore';
import { SessionWriter } from '../../src/session/writer';
import { tempDir } from '../support/agent-harness';

/*
 * A nearly full disk, injected: writeSync takes only `room` more bytes (a short write, as
 * the kernel returns when space runs out mid-write), then fails with ENOSPC. The writer must
 * leave whole records only, and say once that the session is no longer saved.
 */
const disk = vi.hoisted(() => ({
  room: Number.POSITIVE_INFINITY,
  /** The most one call takes (a write cut short by a signal, or a slow device). */
  chunk: Number.POSITIVE_INFINITY,
  calls: 0,
}));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const writeSync = ((
    fd: number,
    data: string | Uint8Array,
    offset?: number | null,
    length?: number | null,
  ) => {
    // A string (what an older writer passed) is bytes to the disk all the same.
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const start = typeof data === 'string' ? 0 : (offset ?? 0);
    const count = typeof data === 'string' || length == null ? bytes.length - start : length;
    disk.calls += 1;
    if (disk.room <= 0) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    const taken = Math.min(count, disk.room, disk.chunk);
    disk.room -= taken;
    return real.writeSync(fd, bytes, start, taken);
  }) as typeof real.writeSync;
  return { ...real, writeSync, default: { ...real, writeSync } };
});

function header(): HeaderRecord {
  return {
    v: SESSION_FORMAT_VERSION,
    kind: 'header',
    id: 'sess-full',
    cwd: '/w',
    startedAt: new Date().toISOString(),
    model: 'm',
    startsRecorded: true,
  };
}

function writerWithErrors() {
  const file = join(tempDir('tick-full-'), 'sess-full.jsonl');
  const errors: string[] = [];
  const writer = SessionWriter.create(file, header(), {
    onError: (message) => errors.push(message),
  });
  return { file, errors, writer };
}

describe('a short write of a session record', () => {
  it('a record the disk takes only part of is cut off again: the file ends with the last whole record', () => {
    disk.room = Number.POSITIVE_INFINITY;
    const { file, errors, writer } = writerWithErrors();
    writer.message({ role: 'user', content: 'first' });
    writer.message({ role: 'assistant', content: 'kept' });
    const whole = readFileSync(file, 'utf8');
    // Room for 20 more bytes: the next record is cut short, then the disk is full.
    disk.room = 20;
    writer.message({ role: 'user', content: 'x'.repeat(500) });
    expect(readFileSync(file, 'utf8')).toBe(whole);
    expect(errors).toEqual([
      `session log ${file}: ENOSPC: no space left on device, write; the session is no longer saved`,
    ]);
    expect(writer.failed).toBe(errors[0]);

    // Space comes back: nothing more is written (a later record could need what was lost),
    // so no record ever lands on the line of a cut one.
    disk.room = Number.POSITIVE_INFINITY;
    writer.message({ role: 'user', content: 'after' });
    writer.close();
    expect(readFileSync(file, 'utf8')).toBe(whole);
    expect(errors).toHaveLength(1);
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([]);
    expect(restoreSession(parsed).state.messages).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'kept' },
    ]);
  });

  it('a write that comes up short but can go on is finished: the record is whole', () => {
    disk.room = Number.POSITIVE_INFINITY;
    const { file, errors, writer } = writerWithErrors();
    writer.message({ role: 'user', content: 'first' });
    disk.calls = 0;
    disk.chunk = 7;
    try {
      writer.message({ role: 'assistant', content: 'y'.repeat(100) });
    } finally {
      disk.chunk = Number.POSITIVE_INFINITY;
    }
    expect(errors).toEqual([]);
    // Each call took 7 bytes; the writer went on with the rest each time.
    expect(disk.calls).toBeGreaterThan(10);
    writer.close();
    expect(restoreSession(readSessionFile(file)).state.messages.at(-1)).toEqual({
      role: 'assistant',
      content: 'y'.repeat(100),
    });
  });

  it('a disk full before the first record leaves no file behind, and says so once', () => {
    disk.room = 0;
    const { file, errors, writer } = writerWithErrors();
    try {
      writer.message({ role: 'user', content: 'hello' });
      writer.message({ role: 'user', content: 'again' });
      writer.close();
    } finally {
      disk.room = Number.POSITIVE_INFINITY;
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/no space left on device.*the session is no longer saved$/);
    // Not even the lock: nothing half-made is left to trip the next run.
    expect(readdirSync(dirname(file))).toEqual([]);
  });
});
