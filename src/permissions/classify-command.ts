import { splitArgs } from './cli-args';
import { awkVerdict } from './classify-awk';
import { cliVerbVerdict, destructiveProgram } from './classify-cli-verbs';
import { assignmentVerdicts } from './classify-env';
import { fileHandler, type Handler } from './classify-files';
import { programHandler } from './classify-programs';
import { codeLocationVerdict, codeVerdicts } from './classify-runners';
import { toolArgsVerdict } from './classify-tool-args';
import { readerOptionVerdicts } from './reader-options';
import { installs } from './tool-spec';
import { fetchingRunner } from './shell/command-wrappers';
import { BUILD_TOOLS, NOT_READING_ARGS, READ_ONLY } from './command-lists';
import type { Arg, CommandPart } from './shell/command-part';
import { readFind } from './shell/find-args';
import { WRAPPERS } from './shell/command-wrappers';
import { parseCommand } from './shell/parse-command';
import { PathJudge } from './path-judge';
import { isInsideRoots, criticalPath, trustedCodeLocation } from './paths';
import {
  forbidden,
  notUnderstood,
  readOnly,
  risky,
  severity,
  workspace,
  worst,
  type ClassifyContext,
  type RiskLevel,
  type Verdict,
} from './risk';
import { own } from './shell/own-key';

export type { ClassifyContext, RiskLevel, Verdict } from './risk';

export interface ClassifiedPart {
  /** The command as written. */
  text: string;
  level: RiskLevel;
  /** Why: "deletes files", "writes outside the workspace: /etc/hosts". */
  reason: string;
  /** Rule-matching forms (see CommandPart). */
  matchText: string;
  coreText: string;
  fullText: string;
  /** How it was reached: ['bash -c'], ['xargs']. */
  via: string[];
  /** Set when the part could not be analysed: it is asked, never allowed by a rule. */
  unparseable?: string;
  /** xargs/find -exec append arguments not known beforehand. */
  extraArgs: boolean;
  /** The level of its redirections alone (an allow rule by prefix does not cover a risky one). */
  redirectLevel: RiskLevel;
  /** Files inside the roots it writes (as shown to the user): what an `edit` part edits. */
  edits: string[];
  /**
   * Something in it is not understood (its program, an option, its inline code), whatever
   * decides its level: allowed, it runs in the sandbox where there is one.
   */
  opaque: boolean;
  /** Its program is one tick does not know at all (so "allow always" may name the program). */
  unknownProgram: boolean;
}

export interface CommandClassification {
  /** The most severe part's level ('read-only' for an empty command). */
  level: RiskLevel;
  parts: ClassifiedPart[];
  /** Which part decided and why: "`rm -rf build` deletes files". */
  reason: string;
}

const FORK_BOMB_TEXT =
  /(\S+)\s*\(\s*\)\s*\{[^}]*\1\s*\|\s*\1\s*&|\bfork\s+while\s+fork\b|while\s*\(?\s*(?:1|true|True)\s*\)?\s*:?\s*os\.fork\(\)|for\s*\(\s*;\s*;\s*\)\s*fork\(\)/;

/**
 * How dangerous a shell command is: every part it would run is classified and the
 * most severe one decides. Only what tick understands (every program and option) is
 * read-only or workspace work; an unknown program or option is `unknown` (confined or
 * asked); what cannot be analysed at all counts as risky.
 */
export function classifyCommand(command: string, ctx: ClassifyContext): CommandClassification {
  const parts = parseCommand(command, { cwd: ctx.cwd, home: ctx.home }).map((p) =>
    classifyPart(p, ctx),
  );
  if (FORK_BOMB_TEXT.test(command) && !parts.some((p) => p.level === 'forbidden')) {
    parts.push({
      ...(parts[0] ?? emptyPart(command)),
      text: command.trim(),
      level: 'forbidden',
      reason: 'is a fork bomb (it keeps starting copies of itself)',
    });
  }
  if (parts.length === 0) return { level: 'read-only', parts, reason: 'does nothing' };
  const top = parts.reduce((a, b) => (severity(b.level) > severity(a.level) ? b : a));
  return { level: top.level, parts, reason: describePart(top) };
}

/** "`rm -rf build` deletes files", with where it was found: "(in bash -c)". */
export function describePart(part: ClassifiedPart): string {
  const text = part.text.length > 80 ? `${part.text.slice(0, 79)}…` : part.text;
  const via = part.via.filter((v) => v !== '$(...)' || part.via.length === 1);
  return `\`${text}\` ${part.reason}${via.length ? ` (in ${via.join(', ')})` : ''}`;
}

function emptyPart(text: string): ClassifiedPart {
  return {
    text,
    level: 'read-only',
    reason: '',
    matchText: text,
    coreText: text,
    fullText: text,
    via: [],
    extraArgs: false,
    redirectLevel: 'read-only',
    edits: [],
    opaque: false,
    unknownProgram: false,
  };
}

export function classifyPart(part: CommandPart, ctx: ClassifyContext): ClassifiedPart {
  const base = {
    text: part.text,
    matchText: part.matchText,
    coreText: part.coreText,
    fullText: part.fullText,
    via: part.via,
    extraArgs: part.extraArgs,
  };
  if (part.unparseable) {
    const reason = part.unparseable;
    return {
      ...base,
      level: 'risky',
      reason,
      unparseable: reason,
      redirectLevel: 'read-only',
      edits: [],
      opaque: true,
      unknownProgram: false,
    };
  }
  const j = new PathJudge(part, ctx);
  const verdicts: Verdict[] = [programVerdict(part, j, ctx)];
  if (part.inFunctions.includes(part.name) && (part.background || part.pipelineSize > 1)) {
    verdicts.push(forbidden('is a fork bomb (a function that keeps starting copies of itself)'));
  }
  for (const w of part.wrappers) {
    if (WRAPPERS[w]?.privileged) verdicts.push(risky(`runs as root or another user (${w})`));
  }
  verdicts.push(...assignmentVerdicts(part, ctx), ...codeVerdicts(part, j));
  if (part.envChanged) verdicts.push(workspace(`runs after ${part.envChanged} was changed`));
  if (!NOT_READING_ARGS.has(part.name)) {
    for (const arg of splitArgs(part.argv).operands) {
      const v = j.read(arg);
      if (v) verdicts.push(v);
    }
  }
  const command = worst(verdicts, readOnly('only reads'));
  const redirect = worst(
    part.redirects.flatMap((r) =>
      r.kind === 'write'
        ? [j.write(r.target, 'writes')]
        : r.kind === 'read'
          ? [j.read(r.target) ?? readOnly('reads')]
          : [],
    ),
    readOnly('only reads'),
  );
  const top = worst([command, redirect], command);
  const edits = top.level === 'edit' ? j.edited : [];
  const reason = edits.length > 1 ? `changes ${edits.join(', ')}` : top.reason;
  const opaque = verdicts.some((v) => v.level === 'unknown');
  const unknownProgram =
    part.name !== '' &&
    !part.qualified &&
    !part.callsFunction &&
    knownProgram(part.name) === undefined;
  return {
    ...base,
    level: top.level,
    reason,
    redirectLevel: redirect.level,
    edits,
    opaque,
    unknownProgram,
  };
}

function programVerdict(part: CommandPart, j: PathJudge, ctx: ClassifyContext): Verdict {
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
function knownProgram(name: string): Handler | undefined {
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

function secondOperandWritten(part: CommandPart, j: PathJudge): Verdict {
  const second: Arg | undefined = splitArgs(part.argv).operands[1];
  return second && !(part.name === 'xxd' && second.value === '-')
    ? j.write(second, 'writes')
    : readOnly('only reads');
}

function find(part: CommandPart, j: PathJudge): Verdict {
  const args = part.argv;
  const { starts, exprStart, actions } = readFind(args);
  const verdicts: Verdict[] = [];
  if (actions.some((a) => a.name === '-delete')) {
    const filtered = args
      .slice(exprStart)
      .some((a) =>
        /^-(i?name|i?path|i?regex|i?wholename|newer\w*|[mac]time|[mac]min|size|empty)$/.test(
          a.value ?? '',
        ),
      );
    for (const start of starts) {
      const abs = j.abs(start);
      const critical = abs && criticalPath(abs, j.homeDir);
      if (critical && !filtered)
        verdicts.push(forbidden(`deletes everything in ${critical} (find -delete)`));
      else if (!abs || !isInsideRoots(abs, j.roots)) {
        verdicts.push(risky(`deletes files outside the workspace (find ${start.raw} -delete)`));
      } else verdicts.push(risky('deletes files (find -delete)'));
    }
  }
  for (const { name, index } of actions) {
    if (/^-f(print0?|printf|ls)$/.test(name) && args[index + 1]) {
      verdicts.push(j.write(args[index + 1], 'writes'));
    }
  }
  return worst(verdicts, readOnly('searches for files'));
}

/** Read-only programs with options that write files or run programs. */
const READERS: Record<string, Handler> = {
  find,
  uniq: secondOperandWritten,
  xxd: secondOperandWritten,
  rg: (part) =>
    part.argv.some((a) => /^--pre(=|$)|^--hostname-bin/.test(a.value ?? ''))
      ? notUnderstood('runs a preprocessor program (rg --pre)')
      : readOnly('searches files'),
  awk: awkVerdict,
  gawk: awkVerdict,
  yq: (part, j) => {
    const { opts, operands } = splitArgs(part.argv, [
      '-e',
      '--expression',
      '-o',
      '--output-format',
      '-p',
      '--input-format',
      '--from-file',
    ]);
    if (
      !opts.some((o) => /^(-i|--inplace|--in-place)$/.test(o) || /^-[a-zA-Z]*i[a-zA-Z]*$/.test(o))
    )
      return readOnly('reads YAML');
    return worst(
      operands.slice(1).map((f) => j.write(f, 'edits')),
      workspace('edits files in place'),
    );
  },
  source: sourced,
  '.': sourced,
};

/** `source venv/bin/activate`: a script of the workspace runs in the shell, like a build. */
function sourced(part: CommandPart, j: PathJudge): Verdict {
  const file = part.argv[1];
  return file ? codeLocationVerdict(file, 'runs in the shell', j) : readOnly('sources nothing');
}
