import { splitArgs } from './cli-args';
import { awkVerdict } from './classify-awk';
import { cliVerbVerdict, destructiveProgram } from './classify-cli-verbs';
import { assignmentVerdicts } from './classify-env';
import { fileHandler, type Handler } from './classify-files';
import { programHandler } from './classify-programs';
import { codeVerdicts } from './classify-runners';
import { NOT_READING_ARGS, READ_ONLY, WORKSPACE_TOOLS } from './command-lists';
import type { Arg, CommandPart } from './shell/command-part';
import { readFind } from './shell/find-args';
import { WRAPPERS } from './shell/command-wrappers';
import { parseCommand } from './shell/parse-command';
import { PathJudge } from './path-judge';
import { isInsideRoots, criticalPath, trustedCodeLocation } from './paths';
import {
  forbidden,
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
 * most severe one decides. Unknown programs count as workspace work (they run in
 * the workspace like a build); what cannot be analysed counts as risky.
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
  return { ...base, level: top.level, reason, redirectLevel: redirect.level, edits };
}

function programVerdict(part: CommandPart, j: PathJudge, ctx: ClassifyContext): Verdict {
  const { name, argv } = part;
  if (name === '') return readOnly(part.assigns.length > 0 ? 'sets variables' : 'redirects output');
  const handler = programHandler(name) ?? own(READERS, name);
  const known = READ_ONLY.has(name) || WORKSPACE_TOOLS.has(name) || handler !== undefined;
  const files = fileHandler(name) !== undefined;
  if (!part.qualified && printsHelp(argv, known, files)) {
    return readOnly('prints its version or help');
  }
  if (part.qualified) {
    const shown = argv[0].value;
    const abs = j.real(argv[0]);
    if (abs && !trustedCodeLocation(abs, ctx.roots, ctx.home)) {
      return risky(`runs ${shown}, a program from outside the workspace and the system`);
    }
    const own = workspace(`runs ${shown} (not a system program; treated as workspace work)`);
    const verb = cliVerbVerdict(part, argv, { operands: 3, options: true });
    return worst([...(handler ? [handler(part, j)] : []), ...(verb ? [verb] : [])], own);
  }
  if (handler) return handler(part, j);
  if (part.callsFunction) return readOnly('calls a shell function defined in the command');
  if (READ_ONLY.has(name)) return readOnly('only reads');
  if (WORKSPACE_TOOLS.has(name)) return workspace(`runs ${name}`);
  if (part.hidden) return risky(`runs ${name}, an unknown program, as foreign code`);
  const verb =
    destructiveProgram(name) ?? cliVerbVerdict(part, argv, { operands: 3, options: true });
  return verb ?? workspace(`runs ${name} (not a known command; treated as workspace work)`);
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

function outputOption(...opts: string[]): Handler {
  return (part, j) => {
    const { values } = splitArgs(part.argv, opts);
    const out = opts.map((o) => values.get(o)).find(Boolean);
    return out ? j.write(out, 'writes') : readOnly('only reads');
  };
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
  sort: outputOption('-o', '--output'),
  tree: outputOption('-o', '--output'),
  base64: outputOption('-o', '--output'),
  iconv: outputOption('-o', '--output'),
  uniq: secondOperandWritten,
  xxd: secondOperandWritten,
  rg: (part) =>
    part.argv.some((a) => /^--pre(=|$)|^--hostname-bin/.test(a.value ?? ''))
      ? workspace('runs a preprocessor program (rg --pre)')
      : readOnly('searches files'),
  awk: awkVerdict,
  gawk: awkVerdict,
  source: (part) => workspace(`runs the script ${part.argv[1]?.value ?? ''} in the shell`.trim()),
  '.': (part) => workspace(`runs the script ${part.argv[1]?.value ?? ''} in the shell`.trim()),
};
