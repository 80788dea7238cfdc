import { readFileSync } from 'node:fs';

/** What became of a process, as far as this machine can tell. */
export type ProcessState = 'running' | 'stopped' | 'dead' | 'unknown';

/**
 * A process by pid on this machine: gone, stopped (Ctrl+Z, SIGSTOP: /proc says `T`), or
 * running. Without /proc a live process counts as running.
 */
export function processState(pid: number): ProcessState {
  if (!Number.isInteger(pid) || pid <= 0) return 'unknown';
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'dead';
  }
  try {
    // The state follows the command name, which is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z') return 'dead';
    return state === 'T' || state === 't' ? 'stopped' : 'running';
  } catch {
    return 'running';
  }
}
