import { HeadTailBuffer } from './output-buffer';
import { OutputFileTee } from './output-file';
import { LiveOutput } from './live-output';
import { groupAlive, killProcessGroup, trackGroup, untrackGroup } from './process-group';

/**
 * After the command itself exits, how long background jobs it started may keep
 * the output pipe open before they are stopped (a job that redirected its
 * output elsewhere closes the pipe and is left running).
 */
const PIPE_LINGER_MS = 500;
/** After the group was killed, how long to wait for the pipe to close before dropping it. */
const PIPE_DRAIN_MS = 1_000;

export interface RunProcessOptions {
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  onOutput: (chunk: string) => void;
  /** Keep the whole output here when it is too long for the model (see OutputFileTee). */
  outputFile?: string;
}

export interface ProcessOutcome {
  /** Merged output, cut in the middle when long. */
  output: string;
  /** Characters the command wrote in all. */
  outputChars: number;
  /** The file holding the whole output, when it was cut and `outputFile` was given. */
  outputFile?: string;
  exitCode?: number;
  signal?: string;
  timedOut: boolean;
  aborted: boolean;
  /**
   * Background jobs kept the output open after the command ended: 'stopped' when
   * they were killed with the group, 'detached' when they had left it (setsid) and
   * only the reading stopped.
   */
  lingering?: 'stopped' | 'detached';
  /** The process could not be started at all. */
  spawnError?: string;
}

/** Environment additions that keep programs from paging or prompting. */
const QUIET_ENV = { TERM: 'dumb', PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };

/**
 * Runs a program in its own process group with stdin closed, streaming its
 * output, and stops the whole group on timeout or abort.
 */
export async function runProcess(
  file: string,
  args: string[],
  opts: RunProcessOptions,
): Promise<ProcessOutcome> {
  // Loaded on the first command, not with the agent: execa is 160 KB the start-up never needs.
  const { execa } = await import('execa');
  const buffer = new HeadTailBuffer();
  const live = new LiveOutput(opts.onOutput);
  const decoder = new TextDecoder();
  const subprocess = execa(file, args, {
    cwd: opts.cwd,
    env: QUIET_ENV,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    all: true,
    buffer: false,
    reject: false,
    detached: true,
    cleanup: false,
  });
  const pid = subprocess.pid;
  if (pid !== undefined) trackGroup(pid);
  const output = subprocess.all;
  const tee = opts.outputFile && output ? new OutputFileTee(opts.outputFile, output) : undefined;

  subprocess.all?.on('data', (chunk: Buffer | string) => {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    buffer.push(text);
    tee?.push(chunk);
    live.push(text);
  });

  let timedOut = false;
  let aborted = false;
  let lingering: ProcessOutcome['lingering'];
  let stopping = false;
  let settled = false;
  const timers: NodeJS.Timeout[] = [];
  const stop = () => {
    if (stopping || pid === undefined) return;
    stopping = true;
    void killProcessGroup(pid).then(() => {
      if (settled) return;
      // A process that left the group (setsid) may still hold the pipe: stop reading.
      timers.push(
        setTimeout(() => {
          subprocess.stdout?.destroy();
          subprocess.stderr?.destroy();
          subprocess.all?.destroy();
        }, PIPE_DRAIN_MS),
      );
    });
  };
  timers.push(
    setTimeout(() => {
      timedOut = true;
      stop();
    }, opts.timeoutMs),
  );
  const onAbort = () => {
    aborted = true;
    stop();
  };
  if (opts.signal.aborted) onAbort();
  else opts.signal.addEventListener('abort', onAbort, { once: true });
  subprocess.on('exit', () => {
    if (stopping) return;
    clearTimeout(timers[0]);
    timers.push(
      setTimeout(() => {
        lingering = pid !== undefined && groupAlive(pid) ? 'stopped' : 'detached';
        stop();
      }, PIPE_LINGER_MS),
    );
  });

  const result = await subprocess;
  settled = true;
  for (const timer of timers) clearTimeout(timer);
  opts.signal.removeEventListener('abort', onAbort);
  if (pid !== undefined) untrackGroup(pid);
  const tail = decoder.decode();
  buffer.push(tail);
  live.push(tail);
  live.flush();
  const outputFile = await tee?.close();

  return {
    output: buffer.toString(),
    outputChars: buffer.length,
    ...(outputFile ? { outputFile } : {}),
    exitCode: typeof result.exitCode === 'number' ? result.exitCode : undefined,
    signal: result.signal ?? undefined,
    timedOut,
    aborted,
    lingering,
    spawnError: pid === undefined ? result.shortMessage : undefined,
  };
}
