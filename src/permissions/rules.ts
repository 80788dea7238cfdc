import path from 'node:path';
import type { ClassifiedPart } from './classify-command';
import { globToRegExp, isLiteralGlob, wildcardToRegExp } from './glob-match';

/** The tools rules can name, by tick's names. */
export type RuleTool = 'bash' | 'read_file' | 'write_file' | 'edit_file' | 'glob' | 'todo_write';

/** Tick's names and Claude Code's. */
const TOOL_NAMES: Record<string, RuleTool> = {
  bash: 'bash',
  Bash: 'bash',
  read_file: 'read_file',
  Read: 'read_file',
  write_file: 'write_file',
  Write: 'write_file',
  edit_file: 'edit_file',
  Edit: 'edit_file',
  MultiEdit: 'edit_file',
  glob: 'glob',
  Glob: 'glob',
  todo_write: 'todo_write',
  TodoWrite: 'todo_write',
};

export type CommandMatcher =
  | { kind: 'exact'; text: string }
  /** `npm run test:*`: the prefix, then nothing or a space and anything. */
  | { kind: 'prefix'; prefix: string }
  /** `git * --force`: `*` matches anything. */
  | { kind: 'wildcard'; pattern: string };

export interface PathMatcher {
  /** The glob as written (after `//` became `/`). */
  glob: string;
  /** What a relative glob is relative to. */
  base: 'absolute' | 'home' | 'cwd';
  /** No slash inside: matches at any depth below the base (gitignore style). */
  anyDepth: boolean;
}

export interface Rule {
  /** The rule as written, trimmed. */
  text: string;
  tool: RuleTool;
  /** Absent: the whole tool. */
  command?: CommandMatcher;
  path?: PathMatcher;
}

export type RuleList = 'allow' | 'ask' | 'deny';
export type RuleSource = 'user' | 'project' | 'local' | 'session' | 'flag' | 'settings';

export interface RuleEntry {
  source: RuleSource;
  list: RuleList;
  rule: Rule;
}

const HELP =
  'tools: bash, read_file, write_file, edit_file, glob, todo_write (or Bash, Read, Write, Edit, Glob, TodoWrite)';

/** Parse a rule in Claude Code's syntax: `bash(npm run test:*)`, `Edit(src/**)`, `Read`. */
export function parseRule(text: string): Rule | { error: string } {
  const t = text.trim();
  const bad = (why: string) => ({ error: `Invalid permission rule '${t}': ${why}` });
  if (t === '') return { error: 'Invalid permission rule: it is empty' };
  const open = t.indexOf('(');
  const name = open < 0 ? t : t.slice(0, open).trim();
  if (open >= 0 && !t.endsWith(')')) return bad("missing ')'");
  if (open < 0 && t.includes(')')) return bad("')' without '('");
  if (!/^[A-Za-z_][\w-]*$/.test(name)) return bad(`expected a tool name, found '${name}'`);
  const tool = TOOL_NAMES[name];
  if (!tool) return bad(`unknown tool '${name}' (${HELP})`);
  const spec = open < 0 ? undefined : t.slice(open + 1, -1).trim();
  if (spec === '') return bad(`empty parentheses (write '${name}' for the whole tool)`);
  if (spec === undefined || spec === '*' || spec === '**') return { text: t, tool };
  if (tool === 'todo_write') return bad('todo_write rules take no specifier');
  if (tool === 'bash') {
    const legacy = spec.indexOf(':*');
    if (legacy >= 0 && legacy !== spec.length - 2) return bad("':*' only works at the end");
    if (legacy >= 0) {
      const prefix = squash(spec.slice(0, -2));
      if (prefix === '') return bad("nothing before ':*'");
      return { text: t, tool, command: { kind: 'prefix', prefix } };
    }
    const command: CommandMatcher = spec.includes('*')
      ? { kind: 'wildcard', pattern: squash(spec) }
      : { kind: 'exact', text: squash(spec) };
    return { text: t, tool, command };
  }
  return { text: t, tool, path: pathMatcher(spec) };
}

function pathMatcher(spec: string): PathMatcher {
  let glob = spec.replace(/\/+$/, '') || '/';
  let base: PathMatcher['base'] = 'cwd';
  if (glob.startsWith('//')) {
    glob = glob.slice(1);
    base = 'absolute';
  } else if (glob.startsWith('/')) base = 'absolute';
  else if (glob === '~' || glob.startsWith('~/')) {
    glob = glob.slice(2);
    base = 'home';
  } else if (glob.startsWith('./')) glob = glob.slice(2);
  const anyDepth = base === 'cwd' && !spec.replace(/\/+$/, '').includes('/');
  return { glob, base, anyDepth };
}

function squash(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}

/** Which tools a rule covers: Edit covers every file change; Read covers glob (and deny: writes). */
export function ruleCovers(rule: Rule, toolName: string, list: RuleList): boolean {
  if (rule.tool === toolName) return true;
  if (rule.tool === 'edit_file') return toolName === 'write_file';
  if (rule.tool === 'read_file') {
    return (
      toolName === 'glob' ||
      (list === 'deny' && (toolName === 'write_file' || toolName === 'edit_file'))
    );
  }
  return false;
}

export interface RuleContext {
  cwd: string;
  /** The user's home directory, for `~/`. */
  home: string;
}

const escapeGlob = (p: string) => p.replace(/[*?[\]\\]/g, '\\$&');

/** True when the rule's glob matches `abs` or a folder above it (a folder rule covers its contents). */
export function pathMatches(matcher: PathMatcher, abs: string, ctx: RuleContext): boolean {
  const root =
    matcher.base === 'absolute' ? '' : escapeGlob(matcher.base === 'home' ? ctx.home : ctx.cwd);
  const glob =
    matcher.base === 'absolute'
      ? matcher.glob
      : matcher.glob === ''
        ? root
        : `${root}/${matcher.anyDepth ? '**/' : ''}${matcher.glob}`;
  const re = globToRegExp(glob);
  if (re.test(abs)) return true;
  // A literal folder name covers its contents; `dir/*` stays one level deep.
  if (!isLiteralGlob(path.basename(glob))) return false;
  for (let p = path.dirname(abs); p !== path.dirname(p); p = path.dirname(p)) {
    if (re.test(p)) return true;
  }
  return false;
}

/** Does a bash rule match one command text? Deny and ask rules match prefixes more loosely. */
export function commandMatches(matcher: CommandMatcher, text: string, list: RuleList): boolean {
  const t = squash(text);
  switch (matcher.kind) {
    case 'exact':
      return t === matcher.text;
    case 'prefix':
      return list === 'allow'
        ? t === matcher.prefix || t.startsWith(`${matcher.prefix} `)
        : t.startsWith(matcher.prefix);
    case 'wildcard': {
      const trailing = matcher.pattern.endsWith(' *') && t === matcher.pattern.slice(0, -2);
      return trailing || wildcardToRegExp(matcher.pattern).test(t);
    }
  }
}

export type RuleCall =
  | { toolName: 'bash'; command: string; parts: readonly ClassifiedPart[] }
  | { toolName: string; paths: readonly string[] };

export interface RuleMatch {
  decision: RuleList;
  entry: RuleEntry;
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
      (e) =>
        e.list === list && ruleCovers(e.rule, call.toolName, list) && hits(e.rule, call, list, ctx),
    );
    if (hit) return { decision: list, entry: hit };
  }
  const allows = entries.filter(
    (e) => e.list === 'allow' && ruleCovers(e.rule, call.toolName, 'allow'),
  );
  if ('command' in call) return allowBash(allows, call);
  if (call.paths.length === 0) {
    const whole = allows.find((e) => !e.rule.path);
    return whole && { decision: 'allow', entry: whole };
  }
  let used: RuleEntry | undefined;
  for (const p of call.paths) {
    const entry = allows.find((e) => !e.rule.path || pathMatches(e.rule.path, p, ctx));
    if (!entry) return undefined;
    used ??= entry;
  }
  return used && { decision: 'allow', entry: used };
}

function hits(rule: Rule, call: RuleCall, list: RuleList, ctx: RuleContext): boolean {
  if (!rule.command && !rule.path) return true;
  if ('command' in call) {
    const m = rule.command;
    if (!m) return false;
    if (commandMatches(m, call.command, list)) return true;
    return call.parts.some((p) =>
      [p.text, p.matchText, p.coreText, p.fullText].some((t) => commandMatches(m, t, list)),
    );
  }
  return rule.path !== undefined && call.paths.some((p) => pathMatches(rule.path!, p, ctx));
}

function allowBash(
  allows: RuleEntry[],
  call: Extract<RuleCall, { command: string }>,
): RuleMatch | undefined {
  if (call.parts.some((p) => p.unparseable)) return undefined;
  const whole = allows.find((e) => !e.rule.command);
  if (whole) return { decision: 'allow', entry: whole };
  const exact = allows.find(
    (e) =>
      e.rule.command?.kind === 'exact' && commandMatches(e.rule.command, call.command, 'allow'),
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
  if (m.kind === 'exact' && commandMatches(m, part.fullText, 'allow')) return true;
  // Otherwise the rule covers the command, not a risky redirection it carries (`> /etc/x`).
  if (part.redirectLevel === 'risky' || part.redirectLevel === 'forbidden') return false;
  return commandMatches(m, part.matchText, 'allow');
}

/** Parse a settings list; bad rules are reported, not used. */
export function parseRuleList(
  texts: readonly string[],
  list: RuleList,
  source: RuleSource,
): { entries: RuleEntry[]; errors: string[] } {
  const entries: RuleEntry[] = [];
  const errors: string[] = [];
  for (const text of texts) {
    const rule = parseRule(text);
    if ('error' in rule) errors.push(`${rule.error} (permissions.${list}, ${source})`);
    else entries.push({ source, list, rule });
  }
  return { entries, errors };
}
