/** Time between SIGTERM and SIGKILL when a command is stopped. */
export const KILL_GRACE_MS = 2_000;
const POLL_MS = 50;

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    // ESRCH: the group is gone; EPERM cannot happen for our own children.
    return false;
  }
}

/** True while any process of the group exists. */
export function groupAlive(pgid: number): boolean {
  return signalGroup(pgid, 0);
}

/**
 * Stops a whole process group (the command was spawned detached, so its pid is
 * the group id and every child it started without setsid is in it): SIGTERM,
 * then SIGKILL after the grace period if anything is left.
 */
export async function killProcessGroup(pgid: number, graceMs = KILL_GRACE_MS): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!groupAlive(pgid)) return;
  }
  signalGroup(pgid, 'SIGKILL');
}

/** Groups still running, killed if tick itself exits mid-command. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Remembers a running group until `untrackGroup`; tick's exit kills what is left (the
 * watchdog, started before the spawn, kills every marked command when tick is killed outright).
 */
export function trackGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const group of liveGroups) signalGroup(group, 'SIGKILL');
  });
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
}
