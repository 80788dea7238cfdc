import path from 'node:path';
import type { PathJudge } from './path-judge';
import { isHarmlessDevice, isInsideRoots } from './paths';
import { notUnderstood, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';

/**
 * Long option names that make a tool run a program, load code or start a shell:
 * `go test -exec`, `gcc -wrapper`, `bazel --run_under`, `--plugin`, `--require`,
 * `--script-shell`. Matched on the option's name, whatever the tool.
 */
const RUNS_CODE =
  /^--?(exec|exec-?batch|toolexec|wrapper|run[-_]?under|shell|script-?shell|eval|engine|load|preload|require|import|loader|plugin|plugins|plugin-path|plugins-dir|javaagent|agentpath|init-?script|interpreter|with-?exec|pager|editor)$|^--?[\w-]*?[-_](command|cmd|program|exec|executable|shell|wrapper|hook|hooks|runner)$/i;

/**
 * Property and variable names whose value is a program to run: `-Dexec.executable=sh`,
 * `make SHELL=…`, `-DCMAKE_CXX_COMPILER_LAUNCHER=…`, `--config core.sshCommand=…`.
 */
const PROGRAM_PROPERTY =
  /(^|[._-])(executable|command|cmd|shell|program|interpreter|wrapper|launcher|hook|runner|sshcommand|pager|editor)$/i;

/** Option names whose value is a path (a dynamic value there may point anywhere). */
const PATH_OPTION =
  /(^|[-_])(dir|directory|path|file|files|out|output|outfile|prefix|root|dest|destination|manifest|config|cache|home|location|target|log|report|junit|xml|coverprofile|profile)(=|$)/i;

/** A word that names a place on disk rather than a package, URL, label or value. */
function looksLikePath(value: string): boolean {
  // A message or an expression (`-m "fix a/b"`), not a path.
  if (/\s/.test(value)) return false;
  if (/^[a-z][\w+.-]*:\/\//i.test(value) || /^[\w.-]+@[\w.-]+:/.test(value)) return false;
  // bazel and buck labels (`//src:app`, `@repo//pkg`), go packages (`./...`) are fine.
  if (value.startsWith('//') || /^@[\w.-]*\/\//.test(value)) return false;
  return /^(\/|~|\.\.?(\/|$))/.test(value) || value.includes('/');
}

/** The path-looking parts of one argument: the word, an `--opt=VALUE` value, `-I/usr/x`. */
function pathCandidates(value: string): string[] {
  const out: string[] = [];
  const eq = value.indexOf('=');
  if (value.startsWith('-')) {
    if (eq > 0) out.push(value.slice(eq + 1));
    // `-I/usr/include`, `-o/etc/x`: a short option with a path glued on.
    const glued = /^-[A-Za-z]([/~.].*)$/.exec(value);
    if (glued) out.push(glued[1]);
  } else if (eq > 0 && /^[A-Za-z_][\w.-]*=/.test(value)) {
    out.push(value.slice(eq + 1)); // `make PREFIX=/opt/x`
  } else out.push(value);
  return out.flatMap((v) => v.split(/[:,]/)).filter((v) => v !== '' && looksLikePath(v));
}

export interface ToolArgsOptions {
  /** Arguments to look at (default: all after the program). */
  args?: readonly Arg[];
  /** The command only reads: paths outside the roots are fine, options that run code are not. */
  reads?: boolean;
}

/**
 * The generic check of a workspace tool's arguments (a build tool, compiler, formatter,
 * test runner): understood when no option runs code and every path it names is inside
 * the roots. A path outside (`--target-dir /etc/x`, `-o /usr/bin/x`, `--manifest-path
 * ../other/Cargo.toml`) may be written or hold foreign code, so the command is not
 * understood; in the sandbox reads still work and writes fail. Undefined: understood.
 */
export function toolArgsVerdict(
  part: CommandPart,
  j: PathJudge,
  opts: ToolArgsOptions = {},
): Verdict | undefined {
  const args = opts.args ?? part.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = arg.value;
    if (value === undefined) {
      if (opts.reads) continue;
      const prev = args[i - 1]?.value ?? '';
      const option = arg.raw.startsWith('-') ? arg.raw.split('=')[0] : prev;
      // A URL or a git ref with a variable in it is not a place on disk.
      const raw = arg.raw.replace(/^["']/, '');
      const notPath = /^([a-z][\w+.-]*:\/\/|git@|refs\/)/i.test(raw);
      if (!notPath && (raw.includes('/') || (option.startsWith('-') && PATH_OPTION.test(option)))) {
        return notUnderstood(`\`${arg.raw}\` may name any place (only known at run time)`);
      }
      continue;
    }
    if (value === '--') continue;
    const name = value.split('=')[0];
    if (value.startsWith('-') && RUNS_CODE.test(name)) {
      return notUnderstood(`\`${name}\` makes ${part.name} run other code`);
    }
    const property = /^(?:-D|--?[\w-]+=)?([A-Za-z_][\w.-]*)=/.exec(value)?.[1];
    if (property && PROGRAM_PROPERTY.test(property)) {
      return notUnderstood(`\`${property}\` names a program for ${part.name} to run`);
    }
    for (const candidate of opts.reads ? [] : pathCandidates(value)) {
      const outside = outsidePath(candidate, part, j);
      if (outside) return notUnderstood(`names ${outside}, outside the workspace`);
    }
  }
  return undefined;
}

/** The shown path when `candidate` resolves outside the roots (devices like /dev/null are fine). */
function outsidePath(candidate: string, part: CommandPart, j: PathJudge): string | undefined {
  const glob = /[*?[]/.test(candidate);
  // `--prefix=~/x`: the shell leaves this `~` alone, but the tool may expand it.
  const expanded = candidate.replace(/^~(?=\/|$)/, j.homeDir);
  const abs = j.abs({ value: expanded, glob, raw: candidate });
  if (abs === undefined) return part.cwd === undefined ? candidate : undefined;
  if (isHarmlessDevice(abs)) return undefined;
  const real = j.real({ value: expanded, glob, raw: candidate }) ?? abs;
  return isInsideRoots(real, j.roots) ? undefined : j.show(path.resolve(real));
}
