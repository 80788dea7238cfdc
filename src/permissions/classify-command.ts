import { splitArgs } from './cli-args';
import { assignmentVerdicts } from './classify-env';
import { codeVerdicts } from './classify-runners';
import { NOT_READING_ARGS } from './command-lists';
import type { CommandPart } from './shell/command-part';
import { WRAPPERS } from './shell/command-wrappers';
import { parseCommand } from './shell/parse-command';
import { PathJudge } from './path-judge';
import { searchesTrees } from './tree-readers';
import { knownProgram, programVerdict } from './program-verdict';
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
    // Operands (`-f FILE` counts: its value is an operand to splitArgs), and `--opt=FILE`.
    const { operands } = splitArgs(part.argv);
    const optionFiles = part.argv.slice(1).flatMap((a) => {
      const m = a.value === undefined ? null : /^--?[\w-]+=(.+)$/.exec(a.value);
      return m ? [{ ...a, value: m[1] }] : [];
    });
    // An operand only known at run time is judged by the files its source may list.
    const files = [...operands, ...optionFiles, ...(part.listedFiles ?? [])].flatMap((arg) =>
      arg.value === undefined && arg.listed ? arg.listed : [arg],
    );
    const tree = searchesTrees(part);
    for (const arg of files) {
      const v = j.read(tree && arg.value !== undefined ? { ...arg, tree } : arg);
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
  const opaque = [...verdicts, redirect].some((v) => v.level === 'unknown' || v.opaque);
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
