/**
 * How an MCP call reads to people: a one-line summary of its arguments for its card, the
 * whole arguments for its approval question, and what the server claims about the tool
 * (its annotations), which is shown and never decides anything.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

const SUMMARY_CHARS = 160;

function compact(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.replace(/\s+/g, ' '));
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text;
}

/** `title="Fix the parser" labels=["bug"]`, on one line, cut at about 160 characters. */
export function argumentsSummary(input: unknown): string {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return compact(input);
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return '(no arguments)';
  const text = entries.map(([key, value]) => `${key}=${compact(value)}`).join(' ');
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
}

/** Every argument, whole (the question never cuts what it asks about). */
export function argumentsBlock(input: unknown): string {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return compact(input);
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return '(no arguments)';
  return entries
    .map(([key, value]) => {
      const text =
        typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value, null, 2);
      return `${key}: ${text ?? String(value)}`;
    })
    .join('\n');
}

/**
 * The annotations as the server's claims, in words: `the server says: read-only, closed
 * world`. The spec's defaults (not read-only, destructive, open world) are not claims and
 * are not shown as such.
 */
export function annotationClaims(annotations: ToolAnnotations | undefined): string[] {
  if (!annotations) return [];
  const claims: string[] = [];
  if (annotations.readOnlyHint === true) claims.push('read-only');
  if (annotations.readOnlyHint !== true && annotations.destructiveHint === true)
    claims.push('destructive');
  if (annotations.readOnlyHint !== true && annotations.destructiveHint === false)
    claims.push('not destructive');
  if (annotations.idempotentHint === true && annotations.readOnlyHint !== true)
    claims.push('idempotent');
  if (annotations.openWorldHint === true) claims.push('reaches outside (open world)');
  if (annotations.openWorldHint === false) claims.push('closed world');
  return claims;
}

/** Why an MCP call is asked: what tick cannot see, and what the server claims. */
export function approvalReason(annotations: ToolAnnotations | undefined): string {
  const claims = annotationClaims(annotations);
  const said = claims.length
    ? `the server says: ${claims.join(', ')} (its claim, not checked)`
    : 'the server says nothing about what it does';
  return `an MCP tool; ${said}`;
}

/** The question's subject: the server and the tool's title, then every argument. */
export function approvalSubject(server: string, title: string, input: unknown): string {
  return `${server} › ${title}\n${argumentsBlock(input)}`;
}
