import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SESSION_FORMAT_VERSION } from '../../src/session/format';
import { acquireLock, liveLockOwner } from '../../src/session/lock';
import { lockFile } from '../../src/session/paths';
import { readSessionFile } from '../../src/session/reader';
import { SessionWriter } from '../../src/session/writer';
import { tempDir } from '../support/agent-harness';

/** A pid that certainly belongs to no process: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const header = (id: string) => ({
  v: SESSION_FORMAT_VERSION,
  kind: 'header' as const,
  id,
  cwd: '/w',
  startedAt: new Date().toISOString(),
  model: 'm',
});

describe('session locks', () => {
  it('a second writer on a locked session fails with a clear error, and the first keeps writing', () => {
    const file = join(tempDir(), 's1.jsonl');
    const first = SessionWriter.create(file, header('s1'));
    first.message({ role: 'user', content: 'one' });
    expect(readFileSync(lockFile(file), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireLock(lockFile(file), 'session s1')).toThrow(
      `session s1 is in use by another tick process (pid ${process.pid}); close it first`,
    );
    first.message({ role: 'user', content: 'two' });
    first.close();
    expect(existsSync(lockFile(file))).toBe(false);
    const messages = readSessionFile(file).records.filter((record) => record.kind === 'message');
    expect(messages).toHaveLength(2);
  });

  it('takes over a lock left by a dead process', () => {
    const path = join(tempDir(), 's2.lock');
    const pid = deadPid();
    writeFileSync(path, `${pid}\n`);
    expect(liveLockOwner(path)).toBeUndefined();
    const lock = acquireLock(path, 'session s2');
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('takes over an empty (torn) lock file', () => {
    const path = join(tempDir(), 's3.lock');
    writeFileSync(path, '');
    const lock = acquireLock(path, 'session s3');
    expect(liveLockOwner(path)).toBe(process.pid);
    lock.release();
  });

  it('release does not remove a lock that another process has since taken', () => {
    const path = join(tempDir(), 's4.lock');
    const lock = acquireLock(path, 'session s4');
    writeFileSync(path, `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(path, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('a new session never overwrites an existing file of the same name', () => {
    const file = join(tempDir(), 's5.jsonl');
    writeFileSync(file, 'precious\n');
    const errors: string[] = [];
    const writer = SessionWriter.create(file, header('s5'), {
      onError: (message) => errors.push(message),
    });
    writer.message({ role: 'user', content: 'x' });
    writer.close();
    expect(readFileSync(file, 'utf8')).toBe('precious\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(file);
  });
});
