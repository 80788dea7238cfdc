import { existsSync } from 'node:fs';
import type { ClaudeToolOutcome, Tool, ToolResult } from './types';
import { boolean, integer, object, optional, string, type SchemaInput } from './schema';
import { runProcess, type ProcessOutcome } from './run-process';
import { BWRAP_MISSING_ERROR, bwrapArgs, findBwrap, sandboxFailureNote } from './sandbox';
import { defined } from './claude-fields';
import { ABORTED_TEXT, NO_OUTPUT_TEXT } from '../protocol/cancel-text';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
const SHELL = '/bin/bash';

const schema = object({
  command: string({ minLength: 1, description: 'The shell command to run (bash).' }),
  timeout: optional(
    integer({
      // A floor of one second catches a timeout sent in seconds (30 would be 30 ms).
      min: 1_000,
      max: MAX_TIMEOUT_MS,
      description:
        `Timeout in milliseconds, e.g. 300000 for 5 minutes (default ${DEFAULT_TIMEOUT_MS}, ` +
        `min 1000, max ${MAX_TIMEOUT_MS}). ` +
        'The command and everything it started are killed when it expires.',
    }),
  ),
  unconfined: optional(
    boolean({
      description:
        'Run outside the sandbox. Only after a command failed because of the sandbox (a ' +
        'read-only file system outside the workspace, no network); the user is asked.',
    }),
  ),
  reason: optional(
    string({ description: 'With unconfined: why the command must run outside the sandbox.' }),
  ),
});

type BashInput = SchemaInput<typeof schema>;

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))}s`;
}

/** What the model reads: the output, or `(no output)`, plus how the command ended. */
export function formatOutcome(outcome: ProcessOutcome, timeoutMs: number): ToolResult {
  const result = modelText(outcome, timeoutMs);
  return { ...result, claude: claudeOutcome(outcome, result.output) };
}

function modelText(outcome: ProcessOutcome, timeoutMs: number): ToolResult {
  const display = outcome.exitCode === undefined ? {} : { exitCode: outcome.exitCode };
  if (outcome.spawnError !== undefined) {
    return { output: `Error: could not run the command: ${outcome.spawnError}`, isError: true };
  }
  const body = outcome.output.replace(/\n+$/, '') || NO_OUTPUT_TEXT;
  if (outcome.timedOut) {
    return {
      output: `Error: command timed out after ${seconds(timeoutMs)}\n${body}`,
      isError: true,
      display,
    };
  }
  if (outcome.aborted) {
    return { output: `${ABORTED_TEXT}\n${body}`, isError: true, display };
  }
  const notes: string[] = [];
  if (outcome.lingering === 'stopped') {
    notes.push('(background processes still holding the output were stopped)');
  } else if (outcome.lingering === 'detached') {
    notes.push('(background processes in their own session still hold the output; not waited for)');
  }
  if (outcome.exitCode !== undefined && outcome.exitCode !== 0) {
    notes.push(`Exit code ${outcome.exitCode}`);
  } else if (outcome.exitCode === undefined && outcome.signal) {
    notes.push(`Killed by signal ${outcome.signal}`);
  }
  return { output: [body, ...notes].join('\n'), display };
}

/**
 * Claude Code's Bash result for hooks: `{stdout, stderr, interrupted, isImage}` when the
 * command succeeded (stderr is merged into stdout here, in order); a non-zero exit, a
 * timeout or a kill is a failure (PostToolUseFailure), as in Claude Code.
 */
function claudeOutcome(outcome: ProcessOutcome, text: string): ClaudeToolOutcome {
  // Claude Code's failure text leads with the exit code, then the output.
  if (
    outcome.exitCode !== undefined &&
    outcome.exitCode !== 0 &&
    !outcome.timedOut &&
    !outcome.aborted
  ) {
    const body = outcome.output.replace(/\n+$/, '');
    return {
      error: body ? `Exit code ${outcome.exitCode}\n${body}` : `Exit code ${outcome.exitCode}`,
    };
  }
  if (outcome.exitCode !== 0 || outcome.timedOut || outcome.aborted) return { error: text };
  const stdout = outcome.output.replace(/\n+$/, '');
  return { response: { stdout, stderr: '', interrupted: false, isImage: false } };
}

export const bash: Tool<typeof schema> = {
  name: 'bash',
  description:
    'Run a bash command in the workspace and return its output (stdout and stderr merged, in ' +
    'order). stdin is closed: never run interactive programs. Output over 50,000 characters is ' +
    'cut in the middle. A non-zero exit code is reported. Use `timeout` (milliseconds) for long ' +
    'commands; background jobs that keep writing to the output are stopped when the command ends. ' +
    'A command tick does not recognise as safe may run in a sandbox (only the workspace ' +
    'writable, no network, a private /tmp); if it fails because of that, call bash again with ' +
    '`unconfined: true` and a `reason`, and the user is asked.',
  schema,
  look: { role: 'shell', resultShape: 'log' },
  access: (input: BashInput) => ({
    kind: 'exec',
    command: input.command,
    ...(input.unconfined ? { unconfined: input.reason?.trim() || 'no reason given' } : {}),
  }),
  summary: (input: BashInput) => input.command,
  async run(input, ctx) {
    const timeoutMs = input.timeout ?? DEFAULT_TIMEOUT_MS;
    if (ctx.signal.aborted) return { output: ABORTED_TEXT, isError: true };
    // `exec 2>&1` on the command's first line puts stderr on the stdout pipe, so the
    // two stay in the order they were written; line numbers in bash errors are kept.
    let file = SHELL;
    // What SessionStart hooks wrote to CLAUDE_ENV_FILE (`export X=y` lines) holds for every
    // command, as in Claude Code; sourced on the first line too, so line numbers stay.
    const envFile = ctx.shellEnvFile && existsSync(ctx.shellEnvFile) ? ctx.shellEnvFile : undefined;
    const source = envFile ? `. '${envFile.replace(/'/g, `'\\''`)}' >/dev/null 2>&1; ` : '';
    let args = ['-c', `exec 2>&1; ${source}${input.command}`];
    if (ctx.sandbox) {
      const bwrap = findBwrap();
      if (!bwrap) return { output: BWRAP_MISSING_ERROR, isError: true };
      const roots = ctx.roots.length > 0 ? ctx.roots : [ctx.cwd];
      args = [...bwrapArgs({ roots, cwd: ctx.cwd }), SHELL, ...args];
      file = bwrap;
    }
    const outcome = await runProcess(file, args, {
      cwd: ctx.cwd,
      timeoutMs,
      signal: ctx.signal,
      onOutput: ctx.onOutput,
      ...(ctx.outputFile ? { outputFile: ctx.outputFile } : {}),
    });
    const formatted = formatOutcome(outcome, timeoutMs);
    const failed = outcome.exitCode !== 0;
    const note = ctx.sandbox && failed ? sandboxFailureNote(outcome.output) : undefined;
    const display = { ...formatted.display, ...(ctx.sandbox ? { confined: true } : {}) };
    const result = {
      ...formatted,
      display,
      ...(note ? { output: `${formatted.output}\n${note}` } : {}),
    };
    return outcome.outputFile
      ? { ...result, outputFile: outcome.outputFile, outputChars: outcome.outputChars }
      : result;
  },
  claude: {
    name: 'Bash',
    // tick's `unconfined` is Claude Code's `dangerouslyDisableSandbox`.
    toolInput: (input) =>
      defined({
        command: input.command,
        timeout: input.timeout,
        dangerouslyDisableSandbox: input.unconfined,
        reason: input.reason,
      }),
    // Claude Code's `description` and `run_in_background` have no counterpart; dropped.
    fromToolInput: (toolInput) =>
      defined({
        command: toolInput.command,
        timeout: toolInput.timeout,
        unconfined: toolInput.dangerouslyDisableSandbox,
        reason: toolInput.reason,
      }),
  },
};
