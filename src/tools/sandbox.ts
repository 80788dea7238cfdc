import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * bash under bubblewrap (`--sandbox`): the whole file system read-only, the
 * workspace roots writable, a private /tmp, no network, its own PID namespace.
 *
 * What it protects: files outside the roots (and ~/.ssh etc. against writes),
 * the network (no exfiltration, no downloads), processes that outlive the call
 * (the PID namespace dies with the command). What it does not: reads (secrets in
 * the home folder stay readable), writes inside the roots (including .git), and
 * anything the kernel or a setuid binary lets through.
 */

export const BWRAP_MISSING_ERROR =
  'Error: --sandbox needs bubblewrap (bwrap), which was not found on PATH. ' +
  'Install it (e.g. `apt-get install bubblewrap`) or run tick without --sandbox.';

/** Absolute path of the bwrap binary on `searchPath` (default PATH), or undefined. */
export function findBwrap(searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'bwrap');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

export interface SandboxOptions {
  /** Writable roots (workspace + --add-dir), real paths. */
  roots: readonly string[];
  /** Working directory inside the sandbox. */
  cwd: string;
}

/**
 * The bwrap arguments that precede the command. Order matters: the private /tmp
 * is mounted before the roots so a workspace under /tmp stays visible.
 *
 * No `--new-session`: the command already runs in its own session (spawned
 * detached, without a controlling terminal, so TIOCSTI injection has no target),
 * and a new session inside would escape the process-group kill.
 */
export function bwrapArgs({ roots, cwd }: SandboxOptions): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  for (const root of roots) args.push('--bind', root, root);
  args.push('--unshare-net', '--unshare-pid', '--die-with-parent', '--chdir', cwd);
  return args;
}
