import { splitArgs } from './cli-args';
import { cliVerbVerdict } from './classify-cli-verbs';
import type { Handler } from './classify-files';
import { toolArgsVerdict } from './classify-tool-args';
import type { PathJudge } from './path-judge';
import { notUnderstood, readOnly, risky, workspace, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';
import { own } from './shell/own-key';

const words = (text = '') => new Set(text.split(/\s+/).filter(Boolean));

/** `--dry-run`, `--dry-run=client`, `--what-if`: the command only shows what it would do. */
export const DRY_RUN = /^--(dry-?run|dryrun|what-?if|simulate|noop)(=(?!false$|0$|no$).*)?$/;

/**
 * What a CLI with subcommands is understood to do, subcommand by subcommand. A subcommand
 * not listed is not understood (it runs in the sandbox or is asked), so a new or rare verb
 * never runs unconfined by default.
 */
export interface ToolSpec {
  /** As the reasons name it: `npm`, `docker compose`. */
  tool: string;
  /** Options before the subcommand that take a value (`-C DIR`, `--namespace NS`). */
  valueOpts?: string[];
  /** Subcommands that only read. */
  reads?: string;
  /** Workspace work: builds, tests, formatting, local changes inside the roots. */
  work?: string;
  /** Install packages or tools: they run foreign code and write outside the roots. */
  installs?: string;
  /** Change something beyond the machine, or destroy: why. */
  risky?: Record<string, string>;
  /** Subcommands with a table (or handler) of their own: `docker compose`, `go mod`. */
  nested?: Record<string, ToolSpec | Handler>;
  /** No subcommand at all. */
  bare?: Verdict;
  /** A subcommand not listed (default: not understood). */
  other?: (sub: string, rest: readonly Arg[], part: CommandPart, j: PathJudge) => Verdict;
}

/** `installs packages (npm install)`: asked in default mode, as Claude Code and Codex do. */
export function installs(what: string): Verdict {
  return risky(
    `installs packages or tools (${what}): runs their code, writes outside the workspace`,
  );
}

/** The handler for a program described by `spec` (its subcommand is `argv[1..]`). */
export function toolHandler(spec: ToolSpec): Handler {
  return (part, j) => judgeTool(spec, part.argv, part, j);
}

/**
 * Judges `args` (args[0] is the tool or the parent subcommand) against the table; the
 * arguments of an understood subcommand still pass the generic check (no option that runs
 * code, no path outside the roots).
 */
export function judgeTool(
  spec: ToolSpec,
  args: readonly Arg[],
  part: CommandPart,
  j: PathJudge,
): Verdict {
  const { operands, opts } = splitArgs(args, spec.valueOpts ?? []);
  // `cargo +nightly build`: a toolchain before the subcommand.
  const first = operands.find((o) => !o.value?.startsWith('+'));
  if (first === undefined) return spec.bare ?? readOnly(`runs ${spec.tool} without a subcommand`);
  const sub = first.value;
  if (sub === undefined)
    return notUnderstood(`${spec.tool}'s subcommand is only known at run time`);
  const rest = args.slice(args.indexOf(first));
  const nested = own(spec.nested ?? {}, sub);
  if (nested) {
    if (typeof nested === 'function') return nested({ ...part, argv: [...rest] }, j);
    // `uv pip --directory api list`: the parent's options apply below it too.
    const valueOpts = [...(nested.valueOpts ?? []), ...(spec.valueOpts ?? [])];
    return judgeTool({ ...nested, valueOpts }, rest, part, j);
  }
  const shown = `${spec.tool} ${sub}`;
  const dryRun = opts.some((o) => DRY_RUN.test(o));
  const why = own(spec.risky ?? {}, sub);
  if (why) return dryRun ? readOnly(`shows what ${shown} would do (dry run)`) : risky(why);
  if (words(spec.installs).has(sub)) {
    return dryRun ? readOnly(`shows what ${shown} would install (dry run)`) : installs(shown);
  }
  // Options before the subcommand (`--prefix DIR`, `-C DIR`) are checked with the rest.
  const others = args.slice(1).filter((a) => a !== first);
  if (words(spec.reads).has(sub)) {
    return toolArgsVerdict(part, j, { args: others, reads: true }) ?? readOnly(`reads (${shown})`);
  }
  if (words(spec.work).has(sub)) {
    return toolArgsVerdict(part, j, { args: others }) ?? workspace(`runs ${shown}`);
  }
  if (spec.other) return spec.other(sub, rest, part, j);
  return notUnderstood(`\`${shown}\` is a subcommand tick does not know`);
}

/**
 * A script or task runner's target (`npm run X`, `yarn X`, `make X`, `just X`): workspace
 * work, unless its name says it publishes, deploys or destroys (`npm run deploy`).
 */
export function scriptTarget(name: string, part: CommandPart, j: PathJudge, rest: readonly Arg[]) {
  const verb = cliVerbVerdict(part, [rest[0], ...rest], { operands: 3 });
  return (
    verb ??
    toolArgsVerdict(part, j, { args: rest.slice(1) }) ??
    workspace(`runs the script ${name}`)
  );
}
