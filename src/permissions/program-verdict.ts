import { splitArgs } from './cli-args';
import { cliVerbVerdict, destructiveProgram } from './classify-cli-verbs';
import { fileHandler, type Handler } from './classify-files';
import { programHandler } from './classify-programs';
import { READERS } from './classify-readers';
import { toolArgsVerdict } from './classify-tool-args';
import { BUILD_TOOLS, READ_ONLY } from './command-lists';
import type { PathJudge } from './path-judge';
import { isInsideRoots, trustedCodeLocation } from './paths';
import { readerOptionVerdicts } from './reader-options';
import {
  notUnderstood,
  readOnly,
  risky,
  workspace,
  worst,
  type ClassifyContext,
  type Verdict,
} from './risk';
import type { Arg, CommandPart } from './shell/command-part';
import { fetchingRunner } from './shell/command-wrappers';
import { own } from './shell/own-key';
import { installs } from './tool-spec';

/**
 * What one command part's program does, by what tick knows of it: a handler of its own,
 * a read-only program (with its capable options), a build tool (generic argument check),
 * the workspace's own program; anything else is not understood.
 */
export function programVerdict(part: CommandPart, j: PathJudge, ctx: ClassifyContext): Verdict {
  const { name, argv } = part;
  if (name === '') return readOnly(part.assigns.length > 0 ? 'sets variables' : 'redirects output');
  const judge = knownProgram(name);
  const files = fileHandler(name) !== undefined;
  if (!part.qualified && printsHelp(argv, judge !== undefined, files)) {
    return readOnly('prints its version or help');
  }
  if (part.qualified) return qualifiedVerdict(part, j, ctx, judge);
  if (judge) return fetchedVerdict(part, j) ?? judge(part, j);
  if (part.callsFunction) return readOnly('calls a shell function defined in the command');
  if (part.hidden) return risky(`runs ${name}, an unknown program, as foreign code`);
  const verb =
    destructiveProgram(name) ?? cliVerbVerdict(part, argv, { operands: 3, options: true });
  return (
    verb ?? fetchedVerdict(part, j) ?? notUnderstood(`runs ${name}, a program tick does not know`)
  );
}

/**
 * How tick judges a program it knows: its own handler, the read-only programs (with the
 * options that make some of them write or run things), and the build tools (generic
 * argument check). Undefined: a program tick does not know.
 */
export function knownProgram(name: string): Handler | undefined {
  const handler = programHandler(name) ?? own(READERS, name);
  if (READ_ONLY.has(name)) {
    return (part, j) =>
      worst(
        [...(handler ? [handler(part, j)] : []), ...readerOptionVerdicts(part, j)],
        readOnly('only reads'),
      );
  }
  if (handler) return handler;
  if (BUILD_TOOLS.has(name)) return buildToolVerdict;
  return undefined;
}

/**
 * `npx cowsay`, `uvx some-tool`: a runner that downloads what it runs when the project
 * does not have it. A tool tick knows (`npx eslint`) or one installed in the workspace
 * (`node_modules/.bin`) is judged as itself; anything else is an install.
 */
function fetchedVerdict(part: CommandPart, j: PathJudge): Verdict | undefined {
  const runner = fetchingRunner(part.wrappers);
  if (!runner) return undefined;
  if (BUILD_TOOLS.has(part.name) || programHandler(part.name)) return undefined;
  const local =
    part.cwd && j.exists({ value: `node_modules/.bin/${part.name}`, glob: false, raw: '' });
  return local ? undefined : installs(`${runner} ${part.name}`);
}

/**
 * `./configure`, `./gradlew build`, `~/bin/tool`, `/opt/x/bin/go`: the workspace's own
 * programs are workspace work; a known tool installed elsewhere in the system is judged
 * as itself; other programs of the home folder or the system are not understood; one
 * from anywhere else (`/tmp/x`) is foreign code.
 */
function qualifiedVerdict(
  part: CommandPart,
  j: PathJudge,
  ctx: ClassifyContext,
  judge: Handler | undefined,
): Verdict {
  const shown = part.argv[0].value ?? part.argv[0].raw;
  const abs = j.real(part.argv[0]);
  if (abs && !trustedCodeLocation(abs, ctx.roots, ctx.home)) {
    return risky(`runs ${shown}, a program from outside the workspace and the system`);
  }
  const inside = abs !== undefined && isInsideRoots(abs, ctx.roots);
  const verb = cliVerbVerdict(part, part.argv, { operands: 3, options: true });
  if (judge) return verb ?? judge(part, j);
  const base = inside
    ? workspace(`runs ${shown}, the workspace's own program`)
    : notUnderstood(`runs ${shown}, a program outside the workspace`);
  return verb ?? base;
}

/** Compilers and build tools that also evaluate code given with `-e`. */
const EVALUATES = new Set([
  'ghc',
  'ghci',
  'runghc',
  'runhaskell',
  'scala',
  'kotlinc',
  'kotlin',
  'clojure',
  'clj',
  'sbt',
  'mix',
  'elixir',
  'erl',
]);

/**
 * Compilers, linters, formatters, test runners, bundlers: workspace work unless a word
 * publishes, deploys or destroys (`lerna publish`), installs (`playwright install`,
 * `cmake --install`), or an argument fails the generic check.
 */
function buildToolVerdict(part: CommandPart, j: PathJudge): Verdict {
  // Words that name goals or targets: plain words, and a label's name (`//pkg:wheel.publish`).
  const words = part.argv.flatMap((a, i) => {
    const v = a.value ?? '.';
    if (i === 0 || !/[./]/.test(v)) return [a];
    const target = /:([\w.-]+)$/.exec(v)?.[1];
    return target ? [{ ...a, value: target.replace(/\./g, '-') }] : [];
  });
  const verb = cliVerbVerdict(part, words, { operands: 3, options: true });
  if (verb) return verb;
  const { opts, operands } = splitArgs(part.argv);
  if (EVALUATES.has(part.name) && opts.some((o) => /^(-e|--eval|-eval|-ghci-script)$/.test(o))) {
    return notUnderstood(`\`${part.name} -e\` runs code given on the command line`);
  }
  if (
    opts.includes('--install') ||
    operands.some((o) => /^(install|global)$/.test(o.value ?? ''))
  ) {
    return installs(`${part.name} install`);
  }
  return toolArgsVerdict(part, j) ?? workspace(`runs ${part.name}`);
}

/**
 * `git restore --help`, `aws s3 rm help`, `npm --version`: subcommand words then a help
 * or version request print text and do nothing else.
 */
function printsHelp(argv: readonly Arg[], known: boolean, fileOperands: boolean): boolean {
  const words = argv.slice(1).map((a) => a.value);
  const last = words[words.length - 1];
  if (words.length === 0 || words.length > 4 || last === undefined) return false;
  // `rm help` deletes a file named help; `git help` and `aws s3 rm help` print help.
  const bare = fileOperands ? /^(--version|-V)$/ : /^(--version|-V|version|help)$/;
  const asks =
    last === '--help' || (words.length === 1 && bare.test(last)) || (!known && last === 'help');
  if (!asks || (!known && words.length === 1 && last !== '--help' && last !== 'help')) return false;
  return words.slice(0, -1).every((w) => w !== undefined && /^[a-z][\w:.-]*$/i.test(w));
}
