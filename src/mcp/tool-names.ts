/**
 * MCP tools are `mcp__<server>__<tool>` for the model, rules, hooks and the session log,
 * Claude Code's names, so existing rules and hook matchers work. Characters outside
 * `[A-Za-z0-9_-]` become `_` (as in Claude Code). Chat Completions takes at most 64
 * characters in a function name: a longer one keeps its start and ends in a short hash,
 * so two long names stay apart.
 */
import { createHash } from 'node:crypto';

export const MCP_PREFIX = 'mcp__';
const MAX_NAME = 64;

/** A server or tool name with unsafe characters as `_`. */
export function normalizeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The name the model calls: `mcp__github__create_issue`. */
export function mcpToolName(server: string, tool: string): string {
  const full = `${MCP_PREFIX}${normalizeName(server)}__${normalizeName(tool)}`;
  if (full.length <= MAX_NAME) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

/** The prefix every tool of a server starts with: `mcp__github__`. */
export function serverPrefix(server: string): string {
  return `${MCP_PREFIX}${normalizeName(server)}__`;
}

export function isMcpToolName(name: string): boolean {
  return name.startsWith(MCP_PREFIX);
}

/**
 * A rule's or matcher's MCP name read as Claude Code reads it: `mcp__srv` and
 * `mcp__srv__*` name every tool of `srv`; `mcp__srv__tool` one tool.
 */
export function parseMcpRuleName(name: string): { server: string; tool?: string } | undefined {
  if (!name.startsWith(MCP_PREFIX)) return undefined;
  const rest = name.slice(MCP_PREFIX.length);
  const cut = rest.indexOf('__');
  if (cut < 0) return rest ? { server: rest } : undefined;
  const server = rest.slice(0, cut);
  const tool = rest.slice(cut + 2);
  if (!server) return undefined;
  return tool === '' || tool === '*' ? { server } : { server, tool };
}

/**
 * Does a parsed MCP rule cover the tool `toolName`? `mcp__srv`/`mcp__srv__*` every tool of
 * the server, `mcp__srv__tool` one, `mcp__srv__get_*` those the glob matches.
 */
export function mcpRuleCovers(rule: { server: string; tool?: string }, toolName: string): boolean {
  if (!toolName.startsWith(MCP_PREFIX)) return false;
  const prefix = `${MCP_PREFIX}${normalizeName(rule.server)}__`;
  if (!toolName.startsWith(prefix)) return false;
  if (rule.tool === undefined) return true;
  const tool = toolName.slice(prefix.length);
  if (!rule.tool.includes('*')) return tool === normalizeName(rule.tool);
  // Normalised parts hold only letters, digits, `_` and `-`: nothing to escape.
  const pattern = rule.tool.split('*').map(normalizeName).join('.*');
  return new RegExp(`^${pattern}$`).test(tool);
}
