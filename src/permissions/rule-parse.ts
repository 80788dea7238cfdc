/**
 * Permission rules in Claude Code's syntax (`Bash(npm run test:*)`, `Edit(/docs/**)`,
 * `Read`), read as Claude Code reads them, with tick's tool names as synonyms. A rule
 * tick cannot apply (an MCP tool, a tool tick lacks, a path rule Claude Code never
 * consults) comes back as a warning and no rule; a malformed one as an error.
 */
import { pathMatcher, type PathMatcher } from './rule-paths';
import { parseMcpRuleName } from '../mcp/tool-names';

/** A tool as rules may name it: tick's name and Claude Code's (then its aliases). */
export interface RuleToolName {
  name: string;
  claudeNames: readonly string[];
}

export type CommandMatcher =
  | { kind: 'exact'; text: string }
  /** `npm run test:*` or `npm run test *`: the prefix, then nothing or a space and anything. */
  | { kind: 'prefix'; prefix: string }
  /** `git * --force`: `*` matches anything. */
  | { kind: 'wildcard'; pattern: string };

export interface Rule {
  /** The rule as written, trimmed. */
  text: string;
  /** tick's name of the tool; absent when `toolPattern` names several (`*`, `B*`). */
  tool?: string;
  /** A tool-name wildcard (deny and ask rules only). */
  toolPattern?: RegExp;
  /** Claude Code's Edit rules cover every file change; its Read rules every read. */
  family?: 'edit' | 'read';
  /** An MCP rule: `mcp__srv` (or `mcp__srv__*`) every tool of a server, `mcp__srv__tool` one. */
  mcp?: { server: string; tool?: string };
  /** Absent: the whole tool. */
  command?: CommandMatcher;
  path?: PathMatcher;
}

export type RuleList = 'allow' | 'ask' | 'deny';

export interface RuleProblem {
  level: 'error' | 'warning';
  message: string;
  /** The rule names a tool tick does not have (an MCP tool, WebFetch, ...). */
  missingTool?: string;
}

export type ParsedRule = { rule: Rule } | { problem: RuleProblem };

export interface ParseOptions {
  /** Which list the rule is in: tool-name wildcards are for deny and ask only. */
  list: RuleList;
  tools: readonly RuleToolName[];
  /** Where `/path` starts: the folder of the settings source (project root, TICK_HOME). */
  sourceDir?: string;
}

/** Claude Code's tools whose rules take a command or a path (its Write and Glob path rules are never consulted). */
const COMMAND_TOOLS = new Set(['Bash']);
const PATH_TOOLS = new Set(['Read', 'Edit']);
const UNCONSULTED_PATH_TOOLS = new Set(['Write', 'Glob', 'MultiEdit', 'NotebookEdit']);
/** Bash's input fields: `Bash(run_in_background:true)` matches a field, not the command. */
const BASH_FIELDS = /^(command|description|timeout|run_in_background|dangerouslyDisableSandbox):/;

const error = (message: string): ParsedRule => ({ problem: { level: 'error', message } });
const warning = (message: string, missingTool?: string): ParsedRule => ({
  problem: { level: 'warning', message, ...(missingTool ? { missingTool } : {}) },
});

/** Parentheses outside backslash escapes must pair up, the last closing the first. */
function parenthesesProblem(text: string): string | undefined {
  let depth = 0;
  let closedEarly = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '(') depth++;
    if (char === ')') {
      depth--;
      if (depth < 0) return "unbalanced parentheses: a ')' without its '('";
      if (depth === 0 && i !== text.length - 1) closedEarly = true;
    }
  }
  if (depth > 0) return "unbalanced parentheses: missing ')'";
  return closedEarly ? "text after the closing ')'" : undefined;
}

/** Parses one rule. `tools` are the tools the rule may name (tick's and Claude Code's names). */
export function parseRule(input: string, options: ParseOptions): ParsedRule {
  const text = input.trim();
  if (text === '') return error('the rule is empty');
  const unbalanced = parenthesesProblem(text);
  if (unbalanced) return error(unbalanced);
  const open = text.indexOf('(');
  const name = open < 0 ? text : text.slice(0, open).trim();
  const spec = open < 0 ? undefined : text.slice(open + 1, -1).trim();
  if (!/^[A-Za-z_*][\w*-]*$/.test(name)) {
    return error(`it does not start with a tool name (found '${name}')`);
  }
  if (name.startsWith('mcp__')) return mcpRule(text, name, spec, options);
  if (spec === '') return error(`empty parentheses (write '${name}' for the whole tool)`);
  if (name.includes('*')) return toolPatternRule(text, name, spec, options);

  const tool = options.tools.find((t) => t.name === name || t.claudeNames.includes(name));
  if (!tool) {
    return warning(
      options.list === 'deny'
        ? `tick has no ${name} tool, so this deny rule cannot apply (it blocks nothing)`
        : `tick has no ${name} tool, so the rule cannot apply`,
      name,
    );
  }
  const claudeName = tool.claudeNames[0] ?? '';
  const family = claudeName === 'Edit' ? 'edit' : claudeName === 'Read' ? 'read' : undefined;
  const base: Rule = { text, tool: tool.name, ...(family ? { family } : {}) };
  if (spec === undefined || spec === '*' || spec === '**') return { rule: base };

  if (COMMAND_TOOLS.has(claudeName)) return bashRule(base, name, spec);
  if (UNCONSULTED_PATH_TOOLS.has(name)) {
    const instead = name === 'Glob' ? 'Read' : 'Edit';
    return warning(
      `Claude Code accepts ${name}(...) path rules but never consults them, and neither does tick; write ${instead}(${spec})`,
    );
  }
  if (PATH_TOOLS.has(claudeName) || UNCONSULTED_PATH_TOOLS.has(claudeName)) {
    return { rule: { ...base, path: pathMatcher(spec, options.sourceDir) } };
  }
  return warning(`tick cannot match a specifier on ${name}; write '${name}' for the whole tool`);
}

/**
 * Claude Code's MCP rules: `mcp__srv` and `mcp__srv__*` every tool of a server,
 * `mcp__srv__tool` one, `mcp__srv__get_*` the server's tools by a glob (allowed in allow
 * rules: the server is named). A wildcard in the server part (`mcp__*`) names unknown
 * tools: deny and ask rules only, as any tool-name wildcard.
 */
function mcpRule(
  text: string,
  name: string,
  spec: string | undefined,
  options: ParseOptions,
): ParsedRule {
  const mcp = parseMcpRuleName(name);
  if (!mcp) return error(`'${name}' names no MCP server (write mcp__server or mcp__server__tool)`);
  if (spec !== undefined && spec !== '*')
    return warning(`MCP rules take no specifier; write '${name}' for the whole tool`);
  if (mcp.server.includes('*')) return toolPatternRule(text, name, undefined, options);
  return { rule: { text, mcp } };
}

function toolPatternRule(
  text: string,
  name: string,
  spec: string | undefined,
  options: ParseOptions,
): ParsedRule {
  if (options.list === 'allow') {
    return warning(
      `a tool-name wildcard (${name}) would allow unknown tools; as in Claude Code, only deny and ask rules take one`,
    );
  }
  if (spec !== undefined && spec !== '*') {
    return warning(`a tool-name wildcard (${name}) takes no specifier`);
  }
  const pattern = new RegExp(
    `^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
  );
  return { rule: { text, toolPattern: pattern } };
}

function bashRule(base: Rule, name: string, rawSpec: string): ParsedRule {
  const field = BASH_FIELDS.exec(rawSpec)?.[1];
  if (field === 'command') {
    return warning(
      `${name}(command:...) cannot match the command itself (Claude Code ignores it too); write ${name}(${rawSpec.slice(8)})`,
    );
  }
  if (field) {
    return warning(`tick's bash has no ${field} setting, so the rule never matches`);
  }
  // `:*` is the legacy trailing wildcard, recognised only at the very end (not escaped).
  const legacy = rawSpec.endsWith(':*') && !rawSpec.endsWith('\\:*');
  const spec = unescape(legacy ? rawSpec.slice(0, -2) : rawSpec);
  if (legacy) {
    const prefix = squash(spec);
    if (prefix === '') return error("nothing before ':*'");
    return { rule: { ...base, command: { kind: 'prefix', prefix } } };
  }
  const command: CommandMatcher = spec.includes('*')
    ? { kind: 'wildcard', pattern: squash(spec) }
    : { kind: 'exact', text: squash(spec) };
  return { rule: { ...base, command } };
}

/** Saved rules escape the characters the syntax uses: `\(`, `\)`, `\:`. */
function unescape(spec: string): string {
  return spec.replace(/\\([():])/g, '$1');
}

export function squash(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}
