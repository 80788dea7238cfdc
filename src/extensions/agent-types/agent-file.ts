/**
 * A subagent definition (`.claude/agents/*.md`), read as Claude Code reads it: `name` and
 * `description` are required (a file without `name` is documentation kept beside the
 * agents), `tools` is an allow list (absent or `*`: every tool), `disallowedTools` a deny
 * list, `model` (`inherit` or an alias: the session's), the body is the system prompt.
 */
import { FrontmatterFields, type KeyTable } from '../fields';
import { parseFrontmatter } from '../frontmatter';
import { CLAUDE_MODEL_ALIASES } from '../commands/prompt-command';
import { readScopedHooks } from '../scoped-hooks';
import { resolveToolName, splitToolList, type ToolNaming } from '../tool-names';
import { readSetupFile, type WarningList } from '../warnings';
import type { AgentType } from './agent-type';

const AGENT_KEYS: KeyTable = {
  used: ['name', 'description', 'tools', 'disallowedTools', 'model', 'hooks', 'maxTurns'],
  // Claude Code's keys tick accepts without acting on them (the README says which and why).
  ignored: [
    'color',
    'permissionMode',
    'memory',
    'skills',
    'mcpServers',
    'background',
    'effort',
    'isolation',
    'initialPrompt',
  ],
  misplaced: {
    'allowed-tools':
      '`allowed-tools` is a command key; an agent lists `tools` (this agent gets every tool)',
    'argument-hint': '`argument-hint` is a command key; an agent takes no arguments (ignored)',
    'disallowed-tools': 'an agent spells it `disallowedTools`; this list is not applied',
  },
};

export interface ReadAgentOptions {
  origin: 'project' | 'user';
  naming: readonly ToolNaming[];
  warnings: WarningList;
}

/** The agent type a file defines; undefined (with a warning when it looks meant as one) otherwise. */
export async function readAgentFile(
  file: string,
  options: ReadAgentOptions,
): Promise<AgentType | undefined> {
  const text = await readSetupFile(file, options.warnings);
  if (text === undefined) return undefined;
  const fm = await parseFrontmatter(text);
  // No frontmatter at all: a README or notes beside the agents, as Claude Code takes it.
  if (!fm.present) return undefined;
  const fields = new FrontmatterFields(fm, file, options.warnings);
  if (fm.problems.length) return undefined;
  const name = fields.text('name')?.trim();
  if (!name) {
    fields.warn(undefined, 'no `name` in the frontmatter: not an agent definition (skipped)');
    return undefined;
  }
  if (name.includes(':') || name.startsWith('-')) {
    fields.warn(
      'name',
      `name ${JSON.stringify(name)} may not contain ":" or start with "-" (skipped)`,
    );
    return undefined;
  }
  const description = fields.text('description')?.trim();
  if (!description) {
    fields.warn('name', `agent ${name} has no \`description\` (skipped)`);
    return undefined;
  }
  fields.checkKeys('agent', AGENT_KEYS);
  const tools = readTools(fields, 'tools', options.naming);
  if (tools && tools.length === 0 && fields.has('tools')) {
    fields.warn('tools', `none of the tools of ${name} is one tick has: the agent is not offered`);
    return undefined;
  }
  // Bash listed as well as Grep: the whole of bash; Grep alone: its read-only part.
  const readOnlyBash = tools?.includes(READ_ONLY_BASH) && !tools.includes('bash');
  const toolNames = tools?.map((tool) => (tool === READ_ONLY_BASH ? 'bash' : tool));
  const model = fields.text('model')?.trim();
  const maxTurns = readMaxTurns(fields);
  const hooks = await readScopedHooks(fields);
  return {
    name,
    description,
    ...(toolNames ? { tools: [...new Set(toolNames)] } : {}),
    ...(readOnlyBash ? { readOnlyBash } : {}),
    disallowedTools: readTools(fields, 'disallowedTools', options.naming) ?? [],
    ...(model && !CLAUDE_MODEL_ALIASES.includes(model.toLowerCase()) ? { model } : {}),
    prompt: fm.body.trim(),
    instructions: true,
    ...(hooks ? { hooks } : {}),
    ...(maxTurns ? { maxTurns } : {}),
    file,
    origin: options.origin,
  };
}

/** Claude Code's search tools tick has no counterpart of: bash, held to read-only commands, stands in. */
const SEARCH_TOOLS = ['Grep', 'LS'];
/** In a tool list while reading: bash for read-only commands only (unless Bash is listed too). */
const READ_ONLY_BASH = 'bash (read-only)';

/** A tool list in tick's names; undefined when absent or `*` (every tool). */
function readTools(
  fields: FrontmatterFields,
  key: string,
  naming: readonly ToolNaming[],
): string[] | undefined {
  if (!fields.has(key)) return undefined;
  const { entries, problem } = splitToolList(fields.raw(key));
  if (problem) fields.warn(key, `${key}: ${problem}`);
  const names: string[] = [];
  for (const entry of entries) {
    const name = resolveToolName(entry.tool, naming);
    if (name === '*') return undefined;
    if (
      !name &&
      key === 'tools' &&
      SEARCH_TOOLS.includes(entry.tool) &&
      resolveToolName('bash', naming)
    ) {
      fields.warn(
        key,
        `${key}: tick has no ${entry.tool} tool; the agent gets bash for read-only commands (grep, rg, ls) instead`,
      );
      if (!names.includes(READ_ONLY_BASH)) names.push(READ_ONLY_BASH);
      continue;
    }
    if (!name) {
      fields.warn(key, `${key}: ${entry.tool} is not a tool tick has (left out)`);
      continue;
    }
    if (entry.text !== entry.tool) {
      fields.warn(
        key,
        `${key}: ${entry.text}: tick gives the whole ${entry.tool} tool (the part in parentheses is not applied)`,
      );
    }
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

function readMaxTurns(fields: FrontmatterFields): number | undefined {
  if (!fields.has('maxTurns')) return undefined;
  const value = Number(fields.raw('maxTurns'));
  if (Number.isInteger(value) && value > 0) return value;
  fields.warn('maxTurns', 'maxTurns: expected a whole number above 0; ignored');
  return undefined;
}
