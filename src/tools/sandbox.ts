import { accessSync, constants, existsSync, lstatSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * bash under bubblewrap: the whole file system read-only, the workspace roots writable
 * (their git hooks and config and tick's own settings excepted), a private /tmp, no
 * network, no host sockets under /run, its own PID namespace.
 *
 * What it protects: files outside the roots (and ~/.ssh etc. against writes), the network
 * (no exfiltration, no downloads), daemons reached through /run sockets (docker), processes
 * that outlive the call (the PID namespace dies with the command). What it does not: reads
 * (secrets in the home folder stay readable), writes inside the roots, and anything the
 * kernel or a setuid binary lets through.
 */

export const BWRAP_MISSING_ERROR =
  'Error: the sandbox needs bubblewrap (bwrap), which was not found on PATH. ' +
  'Install it (e.g. `apt-get install bubblewrap`) or set "sandbox" to "auto" or "off".';

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

/** Inside a writable root, what stays read-only: a write there would run commands later. */
const GUARDED = ['.git/hooks', '.git/config', '.tick'];

/**
 * The bwrap arguments that precede the command. Order matters: the private /tmp is
 * mounted before the roots so a workspace under /tmp stays visible, and the guarded
 * paths after the roots so they win.
 *
 * No `--new-session`: the command already runs in its own session (spawned detached,
 * without a controlling terminal, so TIOCSTI injection has no target), and a new session
 * inside would escape the process-group kill.
 */
export function bwrapArgs({ roots, cwd }: SandboxOptions): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  // Daemon sockets (docker, podman, dbus, ssh agents) live under /run.
  if (existsSync('/run')) args.push('--tmpfs', '/run');
  if (existsSync('/var/run') && !lstatSync('/var/run').isSymbolicLink()) {
    args.push('--tmpfs', '/var/run');
  }
  for (const root of roots) args.push('--bind', root, root);
  for (const root of roots) {
    for (const rel of GUARDED) {
      const p = path.join(root, rel);
      if (existsSync(p)) args.push('--ro-bind', p, p);
    }
  }
  args.push('--unshare-all', '--die-with-parent', '--chdir', cwd);
  return args;
}

/** Whether bubblewrap works here, and why not when it does not. */
export type SandboxProbe = { available: true; bwrap: string } | { available: false; why: string };

let probed: Promise<SandboxProbe> | undefined;

/**
 * Tries bubblewrap once per process (a `true` inside the same sandbox bash would get),
 * without blocking the event loop while it starts: it can be missing, or present but
 * refused (user namespaces blocked by the kernel or a container's seccomp profile).
 * Callers at the same time share the one attempt.
 */
export function probeSandbox(): Promise<SandboxProbe> {
  probed ??= tryBwrap();
  return probed;
}

async function tryBwrap(): Promise<SandboxProbe> {
  const bwrap = findBwrap();
  if (!bwrap) return { available: false, why: 'bubblewrap (bwrap) is not installed' };
  const { code, said } = await new Promise<{ code: number | null; said: string }>((resolve) => {
    let stderr = '';
    const child = spawn(bwrap, [...bwrapArgs({ roots: [], cwd: '/' }), 'true'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 5000,
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => resolve({ code: null, said: error.message }));
    child.on('close', (status, signal) =>
      resolve({ code: status, said: stderr.trim() || (signal ? `killed by ${signal}` : '') }),
    );
  });
  if (code === 0) return { available: true, bwrap };
  const text = said || `exit ${code}`;
  const blocked = /namespace|permission|operation not permitted/i.test(text);
  return {
    available: false,
    why: blocked
      ? `bubblewrap cannot start here (user namespaces are blocked: ${text})`
      : `bubblewrap failed: ${text}`,
  };
}

/** For tests: forget the probe so the next call tries again. */
export function resetSandboxProbe(): void {
  probed = undefined;
}

/**
 * A note for the model when a command that ran in the sandbox failed in a way the
 * sandbox causes (a read-only file system, no network): it says so and how to ask for
 * the command to run outside. Undefined when the output shows no such sign.
 */
export function sandboxFailureNote(output: string): string | undefined {
  const signs: [RegExp, string][] = [
    [/read-only file system|EROFS/i, 'the file system outside the workspace is read-only there'],
    [
      /network is unreachable|ENETUNREACH|could not resolve|name resolution|resolve host|getaddrinfo|EAI_AGAIN|ENOTFOUND|connection refused|no route to host|dial tcp|network unreachable/i,
      'there is no network there',
    ],
    [/docker daemon|docker\.sock|podman\.sock|dbus/i, 'daemon sockets under /run are hidden there'],
    [
      /\/tmp\/\S*: No such file or directory|No such file or directory[^\n]*\/tmp\//,
      '/tmp is private there',
    ],
  ];
  const hits = signs.filter(([re]) => re.test(output)).map(([, text]) => text);
  if (hits.length === 0) return undefined;
  return (
    `(This command ran in tick's sandbox, and it failed where ${hits.join(' and ')}. ` +
    'If it needs that, call bash again with the same command, "unconfined": true and a ' +
    '"reason" saying why; the user will be asked.)'
  );
}
