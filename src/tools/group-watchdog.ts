import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/**
 * When tick dies without running its exit handlers (`kill -9`, the OOM killer), the
 * commands it started would run on as orphans. Linux's parent-death signal is not
 * reachable from Node, and would reach only the direct child. So every command tick runs
 * carries a mark in its environment (`TICK_RUN`, unique to this tick process, inherited
 * by everything the command starts), and the first command starts a tiny watchdog shell
 * in its own session that holds a pipe from tick. Nothing is ever written to the pipe
 * (a command costs no message): when tick dies it closes, and the watchdog kills every
 * process whose environment carries the mark (one grep over every /proc/PID/environ: a
 * grep per process cost ~150 process starts at every exit). Where there is no /proc it does
 * nothing.
 */
export const WATCHDOG_SCRIPT = `
while read -r _; do :; done
mark="TICK_RUN=$1"
for pass in 1 2; do
  for file in $(grep -lszx -- "$mark" /proc/[0-9]*/environ); do
    pid=\${file#/proc/}
    kill -KILL "\${pid%/environ}" 2>/dev/null
  done
done
`;

/** The mark in the environment of every command this tick process runs. */
export const RUN_MARK = { TICK_RUN: `${process.pid}-${randomBytes(6).toString('hex')}` };

/** undefined: not started yet; null: cannot run here (no /bin/sh, Windows). */
let watchdog: ChildProcess | null | undefined;

function start(): ChildProcess | null {
  if (process.platform === 'win32') return null;
  try {
    const child = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, 'tick-watchdog', RUN_MARK.TICK_RUN], {
      // Its own session: the terminal's SIGINT or SIGHUP to tick's group must not reach it.
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', () => (watchdog = null));
    child.on('exit', () => (watchdog = null));
    child.stdin?.on('error', () => undefined);
    // Neither the watchdog nor its pipe keeps tick running.
    child.unref();
    (child.stdin as { unref?: () => void } | null)?.unref?.();
    return child;
  } catch {
    return null;
  }
}

/** Commands marked with RUN_MARK die with tick from now on, however tick ends. */
export function ensureWatchdog(): void {
  if (watchdog === undefined) watchdog = start();
}
