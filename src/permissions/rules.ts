/**
 * Which permission rules match a call: deny > ask > allow, Claude Code's order. Parsing
 * lives in rule-parse.ts, path specifiers in rule-paths.ts.
 */
import type { ClassifiedPart } from './classify-command';
import { wildcardToRegExp } from './glob-match';
import { pathMatches, type PathContext } from './rule-paths';
import {
  parseRule,
  squash,
  type CommandMatcher,
  type Rule,
  type RuleList,
  type RuleProblem,
  type RuleToolName,
} from './rule-parse';
import type { ToolAccess } from './types';
import { mcpRuleCovers } from '../mcp/tool-names';

export { parseRule, type CommandMatcher, type Rule, type RuleList, type RuleToolName };
export type { PathMatcher } from './rule-paths';

/** Where a rule comes from; `prompt`: a command's or skill's `allowed-tools`, for one prompt. */
export type RuleSource = 'user' | 'project' | 'local' | 'session' | 'flag' | 'settings' | 'prompt';

export interface RuleEntry {
  source: RuleSource;
  list: RuleList;
  rule: Rule;
}

export type RuleContext = PathContext;

/** A call as rules see it: bash with its analysed parts, or the paths a file tool touches. */
export type RuleCall =
  | {
      toolName: string;
      names: readonly string[];
      command: string;
      parts: readonly ClassifiedPart[];
    }
  | {
      toolName: string;
      names: readonly string[];
      kind: ToolAccess['kind'];
      paths: readonly string[];
    };

export interface RuleMatch {
  decision: RuleList;
  entry: RuleEntry;
}

/**
 * Which calls a rule covers: its own tool; Claude Code's Edit rules every file change
 * (write_file too) and its Read rules every read (glob too) and, as deny rules, writes to
 * the same paths; a tool-name wildcard every tool whose name it matches.
 */
export function ruleCovers(rule: Rule, call: RuleCall, list: RuleList): boolean {
  if (rule.mcp) return call.names.some((name) => mcpRuleCovers(rule.mcp!, name));
  if (rule.toolPattern) return call.names.some((name) => rule.toolPattern!.test(name));
  if (rule.tool === call.toolName) return true;
  if (!('kind' in call)) return false;
  if (rule.family === 'edit') return call.kind === 'write';
  if (rule.family === 'read')
    return call.kind === 'read' || (list === 'deny' && call.kind === 'write');
  return false;
}

/** Does a bash rule match one command text? Prefixes end at a word boundary (`ls` is not `lsof`). */
export function commandMatches(matcher: CommandMatcher, text: string): boolean {
  const t = squash(text);
  switch (matcher.kind) {
    case 'exact':
      return t === matcher.text;
    case 'prefix':
      return t === matcher.prefix || t.startsWith(`${matcher.prefix} `);
    case 'wildcard': {
      const trailing = matcher.pattern.endsWith(' *') && t === matcher.pattern.slice(0, -2);
      return trailing || wildcardToRegExp(matcher.pattern).test(t);
    }
  }
}

/**
 * The rules' verdict on a call, deny > ask > allow, or undefined when no rule decides.
 * A bash command is allowed only when every part is allowed by a rule or read-only;
 * a part that could not be analysed is never allowed by a rule.
 */
export function matchRules(
  entries: readonly RuleEntry[],
  call: RuleCall,
  ctx: RuleContext,
): RuleMatch | undefined {
  for (const list of ['deny', 'ask'] as const) {
    const hit = entries.find(
      (e) => e.list === list && ruleCovers(e.rule, call, list) && hits(e.rule, call, list, ctx),
    );
    if (hit) return { decision: list, entry: hit };
  }
  const allows = entries.filter((e) => e.list === 'allow' && ruleCovers(e.rule, call, 'allow'));
  if ('command' in call) return allowBash(allows, call);
  if (call.paths.length === 0) {
    const whole = allows.find((e) => !e.rule.path);
    return whole && { decision: 'allow', entry: whole };
  }
  let used: RuleEntry | undefined;
  for (const p of call.paths) {
    const entry = allows.find((e) => !e.rule.path || pathMatches(e.rule.path, p, ctx, 'allow'));
    if (!entry) return undefined;
    used ??= entry;
  }
  return used && { decision: 'allow', entry: used };
}

/** Deny and ask rules: any part of the command, or any path, is enough. */
export function hits(rule: Rule, call: RuleCall, list: RuleList, ctx: RuleContext): boolean {
  if (!rule.command && !rule.path) return true;
  if ('command' in call) {
    const m = rule.command;
    if (!m) return false;
    if (commandMatches(m, call.command)) return true;
    return call.parts.some((p) =>
      [p.text, p.matchText, p.coreText, p.fullText].some((t) => commandMatches(m, t)),
    );
  }
  const matcher = rule.path;
  return matcher !== undefined && call.paths.some((p) => pathMatches(matcher, p, ctx, list));
}

function allowBash(
  allows: RuleEntry[],
  call: Extract<RuleCall, { command: string }>,
): RuleMatch | undefined {
  if (call.parts.some((p) => p.unparseable)) return undefined;
  const whole = allows.find((e) => !e.rule.command);
  if (whole) return { decision: 'allow', entry: whole };
  const exact = allows.find(
    (e) => e.rule.command?.kind === 'exact' && commandMatches(e.rule.command, call.command),
  );
  if (exact) return { decision: 'allow', entry: exact };
  let used: RuleEntry | undefined;
  for (const part of call.parts) {
    const entry = allows.find((e) => partAllowed(e.rule.command!, part));
    if (entry) used ??= entry;
    else if (part.level !== 'read-only') return undefined;
  }
  return used && { decision: 'allow', entry: used };
}

function partAllowed(m: CommandMatcher, part: ClassifiedPart): boolean {
  if (part.extraArgs && m.kind === 'exact') return false;
  if (m.kind === 'exact' && commandMatches(m, part.fullText)) return true;
  // Otherwise the rule covers the command, not a risky redirection it carries (`> /etc/x`).
  if (part.redirectLevel === 'risky' || part.redirectLevel === 'forbidden') return false;
  return commandMatches(m, part.matchText);
}

export interface ParsedRuleList {
  entries: RuleEntry[];
  /** Each rule that cannot apply, with its place: `permissions.deny[2] "WebFetch": ...`. */
  problems: (RuleProblem & { index: number; text: string })[];
}

/** Parses a settings list; rules that cannot apply are reported, not used. */
export function parseRuleList(
  texts: readonly string[],
  list: RuleList,
  source: RuleSource,
  options: { tools: readonly RuleToolName[]; sourceDir?: string },
): ParsedRuleList {
  const entries: RuleEntry[] = [];
  const problems: ParsedRuleList['problems'] = [];
  texts.forEach((text, index) => {
    const parsed = parseRule(text, { list, ...options });
    if ('rule' in parsed) entries.push({ source, list, rule: parsed.rule });
    else problems.push({ ...parsed.problem, index, text });
  });
  return { entries, problems };
}

/** One line for a rule problem: where it is, the rule, and what is wrong. */
export function ruleProblemText(
  where: string,
  list: RuleList,
  problem: { level: 'error' | 'warning'; index: number; text: string; message: string },
): string {
  const ignored = problem.level === 'error' ? '; the rule is ignored' : '';
  return `${where}: ${problem.level === 'error' ? 'error' : 'warning'} in permissions.${list}[${problem.index}] ${JSON.stringify(problem.text)}: ${problem.message}${ignored}`;
}
