import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bash } from '../../src/tools/bash';
import { MAX_OUTPUT_CHARS } from '../../src/tools/output-buffer';
import {
  livePidsRunning,
  makeContext,
  makeWorkspace,
  removeWorkspace,
  uniqueSleepSeconds,
  waitFor,
} from './tool-helpers';

let dir: string;
const sleepers: string[] = [];

/** A sleep this test owns; afterEach kills any left over (by pid). */
function sleeper(): string {
  const seconds = uniqueSleepSeconds();
  sleepers.push(seconds);
  return seconds;
}

beforeEach(() => {
  dir = makeWorkspace();
});

afterEach(() => {
  for (const seconds of sleepers.splice(0)) {
    for (const pid of livePidsRunning(['sleep', seconds])) process.kill(pid, 'SIGKILL');
  }
  removeWorkspace(dir);
});

describe('bash output', () => {
  it('merges stdout and stderr in the order they were written', async () => {
    const command = 'for i in $(seq 1 40); do echo "out $i"; echo "err $i" >&2; done';
    const result = await bash.run({ command }, makeContext(dir));
    const expected = Array.from({ length: 40 }, (_, i) => `out ${i + 1}\nerr ${i + 1}`).join('\n');
    expect(result.output).toBe(expected);
    expect(result.isError).toBeFalsy();
  });

  it('says (no output) when the command prints nothing', async () => {
    const result = await bash.run({ command: 'true' }, makeContext(dir));
    expect(result.output).toBe('(no output)');
    expect(result.display).toEqual({ exitCode: 0 });
  });

  it('reports a non-zero exit code after the output', async () => {
    const result = await bash.run({ command: 'echo failing; exit 3' }, makeContext(dir));
    expect(result.output).toBe('failing\nExit code 3');
    expect(result.display).toEqual({ exitCode: 3 });
  });

  it('reports bash syntax errors with their real line numbers', async () => {
    const result = await bash.run({ command: 'echo a\nif then' }, makeContext(dir));
    expect(result.output).toContain('line 2: syntax error');
    expect(result.output).toContain('Exit code 2');
  });

  it('runs in the workspace with stdin closed and a non-paging environment', async () => {
    const command = 'pwd; read line; echo "stdin:[$line]"; echo "$TERM $PAGER $GIT_PAGER"';
    const result = await bash.run({ command }, makeContext(dir));
    expect(result.output).toBe(`${dir}\nstdin:[]\ndumb cat cat`);
  });

  it('reports a command that cannot start at all', async () => {
    const gone = path.join(dir, 'deleted-folder');
    const result = await bash.run({ command: 'echo hi' }, makeContext(gone));
    expect(result.output).toMatch(/^Error: could not run the command: .*ENOENT/);
    expect(result.isError).toBe(true);
  });

  it('cuts output over 50,000 characters in the middle and says how much', async () => {
    const result = await bash.run({ command: 'seq 1 30000' }, makeContext(dir));
    const full = Array.from({ length: 30000 }, (_, i) => String(i + 1)).join('\n') + '\n';
    const cut = full.length - MAX_OUTPUT_CHARS;
    expect(result.output.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.output.endsWith('29999\n30000')).toBe(true);
    expect(result.output).toContain(`\n... [${cut.toLocaleString('en-US')} characters cut] ...\n`);
    expect(result.output.length).toBeLessThan(MAX_OUTPUT_CHARS + 100);
  });

  it('keeps memory bounded for 50 MB of output', async () => {
    const ctx = makeContext(dir);
    let peak = 0;
    const baseline = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
    }, 10);
    const result = await bash.run({ command: 'yes | head -c 50000000' }, ctx);
    clearInterval(sampler);
    expect(result.output.length).toBeLessThan(MAX_OUTPUT_CHARS + 100);
    expect(result.output).toContain('characters cut');
    expect(result.output.startsWith('y\ny\n')).toBe(true);
    // Accumulating the output would take 50 MB of heap at least; live chunks are thinned too.
    expect(peak).toBeLessThan(40 * 1024 * 1024);
    const streamed = ctx.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    expect(streamed).toBeLessThan(10 * 1024 * 1024);
  }, 60_000);

  it('streams output through onOutput while the command runs', async () => {
    const ctx = makeContext(dir);
    const seen: { chunk: string; at: number }[] = [];
    ctx.onOutput = (chunk) => seen.push({ chunk, at: Date.now() });
    const result = await bash.run({ command: 'echo first; sleep 1.5; echo second' }, ctx);
    const ended = Date.now();
    expect(result.output).toBe('first\nsecond');
    const first = seen.find((entry) => entry.chunk.includes('first'));
    expect(first).toBeDefined();
    expect(first!.chunk).not.toContain('second');
    expect(ended - first!.at).toBeGreaterThan(700);
    expect(seen.map((entry) => entry.chunk).join('')).toBe('first\nsecond\n');
  });
});

describe('bash stops whole process trees', () => {
  it('kills the command and its children on timeout and returns the partial output', async () => {
    const s = sleeper();
    const command = `echo started; sleep ${s} & sleep ${s} & sleep ${s}`;
    const started = Date.now();
    const result = await bash.run({ command, timeout: 1000 }, makeContext(dir));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.output).toBe('Error: command timed out after 1s\nstarted');
    expect(result.isError).toBe(true);
    expect(await waitFor(() => livePidsRunning(['sleep', s]).length === 0, 3000)).toBe(true);
  });

  it('kills the command and its children when the signal aborts', async () => {
    const s = sleeper();
    const ctx = makeContext(dir);
    const running = bash.run({ command: `sleep ${s} & sleep ${s} & echo ready; wait` }, ctx);
    expect(await waitFor(() => ctx.chunks.join('').includes('ready'), 10_000)).toBe(true);
    expect(await waitFor(() => livePidsRunning(['sleep', s]).length === 2, 5000)).toBe(true);
    ctx.controller.abort();
    const result = await running;
    expect(result.output).toBe('Error: command aborted by the user\nready');
    expect(result.isError).toBe(true);
    expect(await waitFor(() => livePidsRunning(['sleep', s]).length === 0, 3000)).toBe(true);
  });

  it('does not start anything when the signal is already aborted', async () => {
    const ctx = makeContext(dir);
    ctx.controller.abort();
    const result = await bash.run({ command: 'echo hi > started.txt' }, ctx);
    expect(result.output).toBe('Error: command aborted by the user');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(path.join(dir, 'started.txt'))).toBe(false);
  });

  it('returns when the command ends and stops background jobs still holding its output', async () => {
    const s = sleeper();
    const started = Date.now();
    const result = await bash.run({ command: `sleep ${s} & echo done` }, makeContext(dir));
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(result.output).toBe(
      'done\n(background processes still holding the output were stopped)',
    );
    expect(await waitFor(() => livePidsRunning(['sleep', s]).length === 0, 3000)).toBe(true);
  });

  it('does not wait for a job that left the process group but holds the output', async () => {
    const s = sleeper();
    const started = Date.now();
    const result = await bash.run({ command: `setsid sleep ${s} & echo hi` }, makeContext(dir));
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(result.output).toBe(
      'hi\n(background processes in their own session still hold the output; not waited for)',
    );
  });

  it('leaves a background job running when it redirected its own output', async () => {
    const s = sleeper();
    const result = await bash.run(
      { command: `sleep ${s} >/dev/null 2>&1 & echo $!` },
      makeContext(dir),
    );
    const pid = Number(result.output);
    expect(pid).toBeGreaterThan(0);
    // The job may still be between fork and exec: wait until it shows as sleep.
    expect(await waitFor(() => livePidsRunning(['sleep', s]).includes(pid), 5000)).toBe(true);
  });
});
