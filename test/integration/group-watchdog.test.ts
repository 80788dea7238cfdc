import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { RUN_MARK, WATCHDOG_SCRIPT } from '../../src/tools/group-watchdog';
import { liveMembers } from './session-support';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** A process group of its own (a shell and its sleeping child), as bash commands run. */
function group(env: NodeJS.ProcessEnv): number {
  const child = spawn('/bin/sh', ['-c', 'sleep 60 & wait'], {
    detached: true,
    stdio: 'ignore',
    env,
  });
  started.push(child);
  return child.pid ?? 0;
}

const alive = (pgid: number): boolean => liveMembers(pgid).length > 0;

it('when its pipe closes the watchdog kills every process carrying this tick run mark, and only those', async () => {
  const marked = group({ ...process.env, ...RUN_MARK });
  const otherRun = group({ ...process.env, TICK_RUN: `${RUN_MARK.TICK_RUN}-not` });
  const unmarked = group(process.env);
  const watchdog = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, 'tick-watchdog', RUN_MARK.TICK_RUN], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const exited = new Promise((resolve) => watchdog.on('exit', resolve));
  // Nothing is said while commands run; tick's death is the pipe closing.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(alive(marked)).toBe(true);
  watchdog.stdin.end();
  await exited;
  const until = Date.now() + 5000;
  while (alive(marked) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  expect(alive(marked)).toBe(false);
  expect(alive(otherRun)).toBe(true);
  expect(alive(unmarked)).toBe(true);
});
