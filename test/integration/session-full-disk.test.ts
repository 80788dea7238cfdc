import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { CAN_MOUNT, fillUp, mountTmpfs, unmount } from '../support/tmpfs';
import { completeLines, ensureBuilt, sentHistory, sessionFiles, tickEnv } from './session-support';

/*
 * A real full disk: the session's large record is taken only in part (a short write) and then
 * refused. (test/unit/session-short-write.test.ts injects the short writes into the writer.)
 */

beforeAll(ensureBuilt, 120_000);

const mounted: string[] = [];
const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const dir of mounted.splice(0)) unmount(dir);
});

/** The answer: far larger than the room left, so its record is cut short by the disk. */
const LONG_ANSWER = 'All of it. '.repeat(10_000);

/**
 * Two real ways to run out of room, both giving tick's writes a short write and then an error:
 * a nearly full tmpfs under TICK_HOME (mounting needs root, as CI runs), and a file size limit
 * (`ulimit -f`, which any user may set: the write that crosses it is taken in part, the next
 * gets EFBIG). "Space comes back" is the same run without the limit, or the filler removed.
 */
interface FullDisk {
  /** What the writes fail with. */
  error: string;
  /** The Node.js binary to run tick with (a wrapper that sets the limit). */
  node?: string;
  /** Gives the room back. */
  free: () => void;
}

/** Room for the first records (a few KB), not for the answer. */
const ROOM = 24 * 1024;

function tmpfsFull(home: string): FullDisk {
  expect(mountTmpfs(home)).toBe(true);
  mounted.push(home);
  mkdirSync(join(home, 'projects'), { mode: 0o700 });
  const filler = fillUp(home, ROOM);
  return { error: 'ENOSPC: no space left on device, write', free: () => rmSync(filler) };
}

function fileSizeLimit(): FullDisk {
  const node = join(tempDir('tick-ulimit-'), 'node');
  // POSIX sh counts the limit in 512-byte blocks.
  writeFileSync(node, `#!/bin/sh\nulimit -f ${ROOM / 512}\nexec '${process.execPath}' "$@"\n`);
  chmodSync(node, 0o755);
  return { error: 'EFBIG: file too large, write', node, free: () => undefined };
}

const WAYS: [string, boolean, (home: string) => FullDisk][] = [
  ['a nearly full tmpfs', CAN_MOUNT, tmpfsFull],
  ['a file size limit', true, () => fileSizeLimit()],
];

describe.each(WAYS)('a full disk under the session log: %s', (_way, runs, fill) => {
  it.runIf(runs)(
    'leaves whole records only, says "no longer saved" on stderr, in stream-json and in the result, and the session resumes once space is back',
    async () => {
      const home = tempDir('tick-home-');
      const cwd = tempDir('tick-ws-');
      const disk = fill(home);

      const first = await startScriptedServer([{ text: LONG_ANSWER, chunkSize: 4096 }]);
      servers.push(first);
      const run = await runTick(['-p', 'say it all', '--output-format', 'stream-json'], {
        cwd,
        env: tickEnv(first.baseURL, home),
        ...(disk.node ? { node: disk.node } : {}),
      });
      // The answer itself is whole: the run succeeded, only the log is short.
      expect(run.exitCode).toBe(0);
      const [file] = sessionFiles(home);
      const notSaved = new RegExp(
        `^session log ${file.replace(/[.]/g, '\\.')}: ${disk.error}; the session is no longer saved$`,
      );
      const stderr = run.stderr.trimEnd().split('\n');
      expect(stderr.filter((line) => notSaved.test(line.replace(/^tick: /, '')))).toHaveLength(1);
      const objects = run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      // (The Claude-shaped transcript for hooks, on the same disk, says its own failure too.)
      const told = objects.filter(
        (object) => object.type === 'error' && notSaved.test(String(object.message)),
      );
      expect(told).toHaveLength(1);
      expect(told[0].fatal).toBe(false);
      const result = objects.at(-1);
      expect(result).toMatchObject({ type: 'result', is_error: false, session_saved: false });
      expect(result.result).toBe(LONG_ANSWER);
      expect(result.errors).toContain(told[0].message);

      // Whole lines only: the cut record was taken off again, nothing torn is left.
      const text = readFileSync(file, 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      const lines = completeLines(file);
      expect(lines.length).toBeGreaterThan(1);
      expect(text).not.toContain('All of it.');

      // Space comes back: -c resumes without a word about damage, from what was saved.
      disk.free();
      const second = await startScriptedServer([{ text: 'Going on.' }]);
      servers.push(second);
      const resumed = await runTick(['-p', '-c', 'go on', '--output-format', 'json'], {
        cwd,
        env: tickEnv(second.baseURL, home),
      });
      expect(resumed.stderr).toBe('');
      expect(resumed.exitCode).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({
        result: 'Going on.',
        session_saved: true,
      });
      expect(sentHistory(second.requests[0].body)).toEqual([
        { role: 'user', content: 'say it all' },
        { role: 'user', content: 'go on' },
      ]);
    },
    60_000,
  );
});
