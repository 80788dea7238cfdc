import type { Tool } from '../tools/types';
import { lookupTool, parseToolInput } from '../tools/registry';

/** A tool call of the history as Claude Code's transcript names it (its tool name and fields). */
export function claudeToolUse(
  tools: Record<string, Tool>,
  cwd: string,
  name: string,
  argumentsText: string,
): { name: string; input: unknown } {
  const found = lookupTool(name, tools);
  if (!found.ok) return { name, input: safeJson(argumentsText) };
  const parsed = parseToolInput(found.tool, argumentsText);
  const input = parsed.ok
    ? found.tool.claude.toolInput(parsed.input, { cwd })
    : safeJson(argumentsText);
  return { name: found.tool.claude.name, input };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
