import type { TurnEndReason } from '../protocol/events';
import type { Usage } from '../protocol/usage';
import type { Todo } from '../protocol/todos';
import type { TaskListSnapshot } from '../protocol/tasks';
import type { OutputFormat } from '../cli/args';
import { assertNever } from '../util/assert-never';

export interface RunSummary {
  reason: TurnEndReason;
  result: string;
  rounds: number;
  usage: Usage;
  todos: Todo[];
  /** The task list as the run left it, when the session plans with the task tools. */
  tasks?: TaskListSnapshot;
  sessionId: string;
  durationMs: number;
  errors: string[];
  /** The error that ended the run, when one did. */
  fatal?: string;
  /** Why the session log stopped being written (a full disk): the run was not all saved. */
  notSaved?: string;
}

export function exitCodeFor(reason: TurnEndReason): number {
  switch (reason) {
    case 'done':
    case 'stopped':
      return 0;
    case 'max_turns':
    case 'error':
      return 1;
    case 'aborted':
      return 130;
    default:
      return assertNever(reason);
  }
}

/**
 * The `subtype` of the result object, with Claude Code's names (`claude -p
 * --output-format json`): success, error_max_turns, error_during_execution.
 */
export function resultSubtype(reason: TurnEndReason): string {
  switch (reason) {
    case 'done':
    case 'stopped':
      return 'success';
    case 'max_turns':
      return 'error_max_turns';
    case 'error':
    case 'aborted':
      return 'error_during_execution';
    default:
      return assertNever(reason);
  }
}

/** An error as one line on stderr (the JSON on stdout carries the whole text). */
export function fatalLine(message: string): string {
  return `tick: ${message.replace(/\s*\n\s*/g, ' ').trim()}\n`;
}

/** What print mode writes at the end, per output format. Pure. */
export function formatResult(
  summary: RunSummary,
  format: OutputFormat,
): { stdout: string; stderr: string; exitCode: number } {
  const exitCode = exitCodeFor(summary.reason);
  const note =
    summary.reason === 'max_turns'
      ? `tick: stopped after ${summary.rounds} model requests (--max-turns)\n`
      : summary.reason === 'aborted'
        ? 'tick: interrupted\n'
        : '';
  switch (format) {
    case 'text': {
      const text = summary.result ? `${summary.result.replace(/\n*$/, '')}\n` : '';
      return { stdout: text, stderr: note, exitCode };
    }
    case 'json':
    case 'stream-json': {
      const object = {
        type: 'result',
        subtype: resultSubtype(summary.reason),
        is_error: exitCode !== 0,
        result: summary.result,
        session_id: summary.sessionId,
        turns: summary.rounds,
        duration_ms: summary.durationMs,
        usage: {
          input_tokens: summary.usage.inputTokens,
          output_tokens: summary.usage.outputTokens,
        },
        todos: summary.todos,
        ...(summary.tasks
          ? { task_list_id: summary.tasks.listId, tasks: summary.tasks.tasks }
          : {}),
        errors: summary.errors,
        // False when the log could not be written to the end (`-c`/`-r` would miss the rest).
        session_saved: summary.notSaved === undefined,
      };
      // Text mode printed the error as it happened; here stdout is JSON, so say it on stderr too.
      const failed =
        summary.fatal ??
        (summary.reason === 'error' ? (summary.errors.at(-1) ?? 'the run failed') : undefined);
      const fatal = failed !== undefined ? fatalLine(failed) : '';
      return {
        stdout: `${JSON.stringify(object)}\n`,
        stderr: (format === 'json' ? note : '') + fatal,
        exitCode,
      };
    }
    default:
      return assertNever(format);
  }
}
