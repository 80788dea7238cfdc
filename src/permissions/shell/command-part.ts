import type { CodeEffects } from './code-effects';
import type { Arg } from './expand-word';
import type { RedirectOp } from './ast';

export type { Arg } from './expand-word';

export interface PartRedirect {
  /** write: `>`, `>>`, `>|`, `&>`, `<>`; read: `<`; dup: `2>&1`, `>&2`. */
  kind: 'write' | 'read' | 'dup';
  op: RedirectOp;
  fd: number | null;
  target: Arg;
}

/**
 * One command that would run, found anywhere in a shell command line: in a
 * pipeline, a list, `$(...)`, a `bash -c` string, behind `sudo`/`xargs`/`find -exec`.
 */
export interface CommandPart {
  /** The command as written (the whole simple command it came from). */
  text: string;
  /** For rule matching: safe wrappers (timeout, nice, ...) and harmless `VAR=x` stripped. */
  matchText: string;
  /** For rule matching: every wrapper stripped, even sudo. */
  coreText: string;
  /** matchText with the redirections (`npm test > /tmp/log`): what an exact rule names. */
  fullText: string;
  /** Program and arguments after the wrappers; empty for a bare assignment or redirection. */
  argv: Arg[];
  /** The program: the basename for system paths (`/usr/bin/rm` -> rm), '' when none. */
  name: string;
  /** The program was named by a path outside the system bin directories (`./rm`). */
  qualified: boolean;
  /** Wrappers it runs under, outermost first: ['sudo', 'timeout']. */
  wrappers: string[];
  /** `VAR=x` prefixes (and `env VAR=x`); value undefined when unknown; `raw` as written. */
  assigns: { name: string; value: string | undefined; raw?: string }[];
  redirects: PartRedirect[];
  /** Where its standard input comes from, when not inherited. */
  stdin?: 'pipe' | 'heredoc' | 'herestring' | 'file';
  /** The here-document or here-string text. */
  stdinText?: string;
  /** Commands earlier in the same pipeline (their output flows into this one). */
  upstream: CommandPart[];
  /** Program names run by this command's `$(...)` and `<(...)`. */
  subPrograms: string[];
  /** The working directory; undefined after a `cd` to somewhere unknown. */
  cwd: string | undefined;
  /** How it was reached: ['bash -c'], ['xargs'], ['find -exec'], ['$(...)']. */
  via: string[];
  /** Why it cannot be analysed with confidence. Such a part is asked, never allowed. */
  unparseable?: string;
  /** xargs or find -exec adds arguments that are not known. */
  extraArgs: boolean;
  /** What its run-time arguments may be, when a command listing files feeds them (`find … | xargs`). */
  listedFiles?: Arg[];
  /** Shell functions whose body it is in. */
  inFunctions: string[];
  /** Names a shell function defined earlier in the command. */
  callsFunction: boolean;
  background: boolean;
  pipelineSize: number;
  /** PATH, LD_PRELOAD... changed earlier: the program may not be the system one. */
  envChanged?: string;
  /** What inline interpreter code (`python3 -c`, a here-document fed to node) deletes, writes, runs. */
  code?: CodeEffects;
  /**
   * Reached through an option or variable that names a program to run (`rg --pre`,
   * `GIT_EXTERNAL_DIFF`): an unknown program there is foreign code, not workspace work.
   */
  hidden?: string;
}

/** Variables that change which program runs or what it loads. */
export function isDangerousVar(name: string): boolean {
  return (
    /^(LD_|DYLD_|GIT_CONFIG)/.test(name) ||
    [
      'PATH',
      'BASH_ENV',
      'ENV',
      'IFS',
      'PROMPT_COMMAND',
      'NODE_OPTIONS',
      'PERL5OPT',
      'PERL5LIB',
      'PYTHONSTARTUP',
      'RUBYOPT',
      'GIT_SSH_COMMAND',
      'GIT_EXEC_PATH',
      'SHELLOPTS',
      'BASHOPTS',
      'PS4',
    ].includes(name)
  );
}
