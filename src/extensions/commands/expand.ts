/**
 * A command or skill turned into the prompt the model reads, in Claude Code's order:
 * arguments substituted, then each `!` shell command run (through the caller, which puts it
 * to the permission gate like any bash call) with its output in its place, then the files
 * its `@path` references name added after it.
 */
import { existsSync, statSync } from 'node:fs';
import { atReferences, resolveReference } from '../markdown-refs';
import { substituteArguments } from './arguments';
import type { PromptCommand } from './prompt-command';
import { findShellInjections, replaceInjections } from './shell-lines';

/** How one `!` command went. */
export type ShellRun =
  | { status: 'ok'; output: string; exitCode: number }
  | { status: 'failed'; output: string; exitCode?: number }
  | { status: 'not-run'; reason: string };

export interface ExpansionIO {
  /** Runs a `!` command as a bash call through the gate (asked when the gate asks). */
  runShell(command: string): Promise<ShellRun>;
  /** Reads a file an `@path` names (through the gate); undefined when it was not read. */
  readFile(path: string, shown: string): Promise<string | undefined>;
}

export interface ExpansionContext {
  /** What the user typed after the name. */
  args: string;
  sessionId: string;
  projectDir: string;
}

export type Expansion = { ok: true; prompt: string } | { ok: false; error: string };

/** Exit 1 means "no match" or "differs" for these, not failure (as Claude Code counts it). */
const EXIT_ONE_IS_AN_ANSWER =
  /^(?:\S+=\S*\s+)*(?:grep|rg|egrep|fgrep|find|diff|test|\[|git\s+(?:diff|grep))\b/;

export async function expandPromptCommand(
  command: PromptCommand,
  context: ExpansionContext,
  io: ExpansionIO,
): Promise<Expansion> {
  const body = substituteArguments(command.body, {
    raw: context.args,
    names: command.argumentNames,
    sessionId: context.sessionId,
    skillDir: command.dir,
    projectDir: context.projectDir,
  });
  const injections = findShellInjections(body);
  const outputs: string[] = [];
  for (const injection of injections) {
    const run = await io.runShell(injection.command);
    if (run.status === 'not-run') {
      return {
        ok: false,
        error: `/${command.name}: \`${injection.command}\` was not run (${run.reason}); nothing was sent`,
      };
    }
    const answered =
      run.status === 'ok' ||
      (run.exitCode === 1 && EXIT_ONE_IS_AN_ANSWER.test(injection.command.trim()));
    if (!answered) {
      const how = run.exitCode === undefined ? 'failed' : `exited with code ${run.exitCode}`;
      return {
        ok: false,
        error: `/${command.name}: \`${injection.command}\` ${how}; nothing was sent\n${run.output.trim()}`,
      };
    }
    outputs.push(run.output.replace(/\n+$/, ''));
  }
  // References are taken from the body as written, not from what the commands printed.
  const withoutShell = replaceInjections(
    body,
    injections,
    injections.map(() => ''),
  );
  const prompt = replaceInjections(body, injections, outputs);
  const attached: string[] = [];
  for (const ref of atReferences(withoutShell)) {
    const path = resolveReference(ref.spelling, context.projectDir);
    if (!isFile(path)) continue;
    const text = await io.readFile(path, ref.spelling);
    if (text !== undefined) attached.push(`Contents of @${ref.spelling}:\n\n${text}`);
  }
  return { ok: true, prompt: [prompt.trim(), ...attached].join('\n\n') };
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}
