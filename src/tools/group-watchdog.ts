import { spawn, type ChildProcess } from 'node:child_process';

/**
 * When tick dies without running its exit handlers (`kill -9`, the OOM killer), the
 * commands it started would run on as orphans. Linux's parent-death signal is not
 * reachable from Node, and would reach only the direct child, not the group it leads. So
 * the first command starts a tiny watchdog shell in its own session that reads the ids of
 * running groups from a pipe tick holds: when tick dies the pipe closes, and the watchdog
 * kills every group still listed (SIGKILL: nobody is left to wait for a graceful end).
 */
export const WATCHDOG_SCRIPT = `
live=' '
while read -r op group; do
  case $op in
    +) live="$live$group " ;;
    -) case $live in *" $group "*) live="\${live%% $group *} \${live#* $group }" ;; esac ;;
  esac
done
for group in $live; do kill -KILL -$group 2>/dev/null; done
`;

/** undefined: not started yet; null: cannot run here (no /bin/sh, Windows). */
let watchdog: ChildProcess | null | undefined;

function start(): ChildProcess | null {
  if (process.platform === 'win32') return null;
  try {
    const child = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT], {
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

function tell(line: string): void {
  if (watchdog === undefined) watchdog = start();
  watchdog?.stdin?.write(line);
}

/** The group dies with tick from now on, however tick ends. */
export function watchGroup(pgid: number): void {
  tell(`+ ${pgid}\n`);
}

/** The group ended: the watchdog forgets it (its id may be reused). */
export function unwatchGroup(pgid: number): void {
  if (watchdog) tell(`- ${pgid}\n`);
}
