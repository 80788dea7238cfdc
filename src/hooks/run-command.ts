import { spawn } from 'node:child_process';

export interface ShellRunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to the command's stdin, which is then closed. */
  stdin: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Exec form: run `command` itself with these arguments, no shell in between. */
  args?: readonly string[];
}

export interface ShellRunResult {
  /** null when the process was killed by a signal or never started. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** Set when the shell could not be started at all. */
  spawnError?: string;
}

/** Output kept per stream; a chatty hook must not fill memory. */
const MAX_CAPTURE = 1_000_000;
/** After the shell exits, how long to wait for pipes still held open by its children. */
const PIPE_GRACE_MS = 1000;

/**
 * Runs `/bin/sh -c command` (or, with `args`, the program itself) in its own process
 * group, so a timeout or an abort kills the command and everything it started.
 */
export function runShellCommand(
  command: string,
  options: ShellRunOptions,
): Promise<ShellRunResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let graceTimer: NodeJS.Timeout | undefined;

    if (options.signal.aborted) {
      resolve({ exitCode: null, signal: null, stdout, stderr, timedOut, aborted: true });
      return;
    }

    const [file, argv] = options.args ? [command, [...options.args]] : ['/bin/sh', ['-c', command]];
    const child = spawn(file, argv, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });

    const killGroup = (): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };

    const finish = (spawnError?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      options.signal.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stdout,
        stderr,
        timedOut,
        aborted,
        ...(spawnError ? { spawnError } : {}),
      });
    };

    const onAbort = (): void => {
      aborted = true;
      killGroup();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });

    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);

    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < MAX_CAPTURE) stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_CAPTURE) stderr += chunk;
    });
    // A hook that exits without reading its stdin makes the write fail with EPIPE: harmless.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin);

    child.on('error', (error) => finish(error.message));
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // Background children may keep the pipes open; do not wait for them forever.
      graceTimer = setTimeout(() => finish(), PIPE_GRACE_MS);
    });
    child.on('close', () => finish());
  });
}
