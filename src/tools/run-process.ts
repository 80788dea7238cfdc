import { spawn } from 'node:child_process';
import { ensureWatchdog, RUN_MARK } from './group-watchdog';
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
 * Runs a program in its own process group with stdin closed, streaming its output
 * (stdout and stderr as they come), and stops the whole group on timeout or abort.
 * Plain child_process: a command costs one spawn and no more (a long session runs
 * hundreds).
 */
export async function runProcess(
  file: string,
  args: string[],
  opts: RunProcessOptions,
): Promise<ProcessOutcome> {
  const buffer = new HeadTailBuffer();
  const live = new LiveOutput(opts.onOutput);
  const decoder = new TextDecoder();
  // The watchdog first: a kill -9 of tick right after the spawn must still stop the command.
  ensureWatchdog();
  const child = spawn(file, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...QUIET_ENV, ...RUN_MARK },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid;
  if (pid !== undefined) trackGroup(pid);
  const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
  // Both pipes wait while the disk catches up with a long output.
  const source = {
    pause: () => streams.forEach((stream) => stream.pause()),
    resume: () => streams.forEach((stream) => stream.resume()),
  };
  const tee = opts.outputFile ? new OutputFileTee(opts.outputFile, source) : undefined;
  const onData = (chunk: Buffer) => {
    const text = decoder.decode(chunk, { stream: true });
    buffer.push(text);
    tee?.push(chunk);
    live.push(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

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
          child.stdout?.destroy();
          child.stderr?.destroy();
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
  child.on('exit', () => {
    if (stopping) return;
    clearTimeout(timers[0]);
    timers.push(
      setTimeout(() => {
        lingering = pid !== undefined && groupAlive(pid) ? 'stopped' : 'detached';
        stop();
      }, PIPE_LINGER_MS),
    );
  });

  // 'close': the process has exited and its output pipes are closed (or destroyed).
  const result = await new Promise<{ exitCode?: number; signal?: string; error?: Error }>(
    (resolve) => {
      let error: Error | undefined;
      child.on('error', (err) => {
        error = err;
        if (pid === undefined) resolve({ error });
      });
      child.on('close', (code, signal) =>
        resolve({
          exitCode: code ?? undefined,
          signal: signal ?? undefined,
          error,
        }),
      );
    },
  );
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
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut,
    aborted,
    lingering,
    spawnError: pid === undefined ? spawnErrorText(file, result.error) : undefined,
  };
}

function spawnErrorText(file: string, error: Error | undefined): string {
  return error?.message ?? `${file} did not start`;
}
