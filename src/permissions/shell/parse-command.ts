import type { CommandPart } from './command-part';
import { ShellSyntaxError } from './ast';
import { parseShell } from './parser';
import type { Where } from './walk-types';
import { ShellWalker } from './walker';

export type { Arg, CommandPart, PartRedirect } from './command-part';

export interface ParseContext {
  /** Where the command runs: relative paths and `$PWD` resolve against it. */
  cwd: string;
  /** The user's home directory, for `~` and `$HOME`. */
  home: string;
}

/**
 * Every command a shell command line would run, in order: split on `;`, `&&`, `||`,
 * `|`, `&` and newlines, and looked into (`$(...)`, backticks, `bash -c`, eval,
 * xargs, find -exec, sudo/env/timeout/... wrappers, here-documents fed to a shell).
 * What cannot be read with confidence comes back as a part with `unparseable` set.
 */
export function parseCommand(command: string, ctx: ParseContext): CommandPart[] {
  const walker = new ShellWalker(ctx.home, ctx.cwd);
  const where: Where = {
    via: [],
    wrappers: [],
    upstream: [],
    background: false,
    pipelineSize: 1,
    inFunctions: [],
    extraArgs: false,
    depth: 0,
  };
  try {
    if (command.includes('\0')) throw new ShellSyntaxError('the command contains a NUL byte');
    walker.script(parseShell(command), where);
    return walker.parts;
  } catch (err) {
    if (!(err instanceof ShellSyntaxError)) throw err;
    walker.parts.length = 0;
    walker.unparseable(command.trim(), where, `the command cannot be parsed: ${err.message}`);
    return walker.parts;
  }
}
