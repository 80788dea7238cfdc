import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A real full disk for tests: a small tmpfs mounted over a folder (root only, as CI runs),
 * filled up but for a little room.
 */

/** Mounts a tmpfs of `size` over `dir`; false where mounting is not allowed. */
export function mountTmpfs(dir: string, size = '256k'): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** Unmounts at once, even while a process still has a file open there (it is being killed). */
export function unmount(dir: string): void {
  execFileSync('umount', ['--lazy', dir]);
}

/** Whether this machine lets the tests mount a tmpfs. */
export const CAN_MOUNT = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'tick-tmpfs-probe-'));
  const mounted = mountTmpfs(probe);
  if (mounted) unmount(probe);
  rmdirSync(probe);
  return mounted;
})();

/** Fills the tmpfs at `dir` with a file `filler`, leaving `room` bytes free. */
export function fillUp(dir: string, room: number): string {
  const stats = statfsSync(dir);
  const filler = join(dir, 'filler');
  writeFileSync(filler, Buffer.alloc(Math.max(0, stats.bavail * stats.bsize - room)));
  return filler;
}
