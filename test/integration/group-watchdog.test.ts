import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { WATCHDOG_SCRIPT } from '../../src/tools/group-watchdog';
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

/** A process group of its own (a sleeping shell and its child), as bash commands run. */
function group(): number {
  const child = spawn('/bin/sh', ['-c', 'sleep 60 & wait'], { detached: true, stdio: 'ignore' });
  started.push(child);
  return child.pid ?? 0;
}

const alive = (pgid: number): boolean => liveMembers(pgid).length > 0;

it('when its pipe closes the watchdog kills the groups still listed, and only those', async () => {
  const [finished, running, other] = [group(), group(), group()];
  const watchdog = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const exited = new Promise((resolve) => watchdog.on('exit', resolve));
  // `finished` ended normally (tick took it off the list); `other` was never listed.
  watchdog.stdin.write(`+ ${finished}\n+ ${running}\n- ${finished}\n`);
  watchdog.stdin.end();
  await exited;
  const until = Date.now() + 5000;
  while (alive(running) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  expect(alive(running)).toBe(false);
  expect(alive(finished)).toBe(true);
  expect(alive(other)).toBe(true);
});
