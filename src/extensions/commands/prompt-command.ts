/**
 * A slash command or a skill, read from its Markdown file: Claude Code merged the two, so
 * both have the same frontmatter (`description`, `argument-hint`, `allowed-tools`, `model`,
 * ...) and a body that becomes the prompt. A skill is also offered to the model (its name
 * and description), which loads its body with the `skill` tool.
 */
import type { CommandHookSettings } from '../../hooks/hook-settings';
import { FrontmatterFields, type KeyTable } from '../fields';
import { parseFrontmatter } from '../frontmatter';
import { readScopedHooks } from '../scoped-hooks';
import { resolveToolName, splitToolList, type ToolNaming } from '../tool-names';
import { readSetupFile, type WarningList } from '../warnings';

export type PromptKind = 'command' | 'skill';
/** Where it was found: the project's folders or the user's. */
export type Origin = 'project' | 'user' | 'built-in';

export interface PromptCommand {
  kind: PromptKind;
  /** What follows the `/` (`frontend:component`, `pdf`). */
  name: string;
  /** A skill's own `name` when it differs from its folder's (shown beside it). */
  label?: string;
  description: string;
  /** A skill's `when_to_use`, added to its description for the model. */
  whenToUse?: string;
  argumentHint?: string;
  /** `arguments:` names, for `$name` placeholders. */
  argumentNames: string[];
  /** Permission rules allowed while its prompt runs (`Bash(git add:*)`). */
  allowedTools: string[];
  /** Permission rules denied while its prompt runs. */
  disallowedTools: string[];
  /** The model for its prompt; undefined: the session's. */
  model?: string;
  /** The model may load it (`disable-model-invocation` not set). */
  modelInvocable: boolean;
  /** The user may type it (`user-invocable` not false). */
  userInvocable: boolean;
  /** Hooks that run only while its prompt runs. */
  hooks?: CommandHookSettings;
  body: string;
  /** The body's first line in the file (for warnings about it). */
  bodyLine: number;
  file: string;
  /** The folder holding the file: a skill's folder, `${CLAUDE_SKILL_DIR}`. */
  dir: string;
  origin: Origin;
}

const PROMPT_KEYS: KeyTable = {
  used: [
    'description',
    'argument-hint',
    'arguments',
    'allowed-tools',
    'disallowed-tools',
    'model',
    'disable-model-invocation',
    'user-invocable',
    'when_to_use',
    'hooks',
    'name',
  ],
  // Claude Code's keys tick takes without acting on them (the README lists why).
  ignored: [
    'license',
    'metadata',
    'version',
    'compatibility',
    'effort',
    'shell',
    'paths',
    'hide-from-slash-command-tool',
    'background',
  ],
  misplaced: {
    tools: '`tools` is an agent key; a command or skill lists `allowed-tools` (ignored)',
    context:
      '`context: fork` (run in a subagent) is not supported by tick: the prompt runs in the conversation',
    agent: '`agent` goes with `context: fork`, which tick does not support (ignored)',
  },
};

/** Claude Code's model aliases: they mean a Claude model, not one of the server's; the session's model is used. */
export const CLAUDE_MODEL_ALIASES = ['inherit', 'sonnet', 'opus', 'haiku', 'fable', 'default'];

export interface ReadPromptOptions {
  kind: PromptKind;
  name: string;
  origin: Origin;
  dir: string;
  /** The tools this session has (tick's and any added at run time), for `allowed-tools`. */
  naming: readonly ToolNaming[];
  warnings: WarningList;
}

/** Reads a command or skill file; undefined when it cannot be read at all (a warning says why). */
export async function readPromptCommand(
  file: string,
  options: ReadPromptOptions,
): Promise<PromptCommand | undefined> {
  const text = await readSetupFile(file, options.warnings);
  if (text === undefined) return undefined;
  const fm = await parseFrontmatter(text);
  const fields = new FrontmatterFields(fm, file, options.warnings);
  fields.checkKeys(options.kind, PROMPT_KEYS);
  const label = options.kind === 'skill' ? fields.text('name') : undefined;
  const whenToUse = fields.text('when_to_use');
  const argumentHint = fields.text('argument-hint');
  const model = fields.text('model')?.trim();
  const hooks = await readScopedHooks(fields);
  return {
    kind: options.kind,
    name: options.name,
    ...(label && label !== options.name ? { label } : {}),
    description: fields.text('description')?.trim() || firstLine(fm.body) || `/${options.name}`,
    ...(whenToUse ? { whenToUse } : {}),
    ...(argumentHint ? { argumentHint } : {}),
    argumentNames: argumentNames(fields),
    allowedTools: toolRules(fields, 'allowed-tools', options.naming),
    disallowedTools: toolRules(fields, 'disallowed-tools', options.naming),
    ...(model && !CLAUDE_MODEL_ALIASES.includes(model.toLowerCase()) ? { model } : {}),
    modelInvocable: fields.flag('disable-model-invocation') !== true,
    userInvocable: fields.flag('user-invocable') !== false,
    ...(hooks ? { hooks } : {}),
    body: fm.body,
    bodyLine: fm.bodyLine,
    file,
    dir: options.dir,
    origin: options.origin,
  };
}

/**
 * The permission rules of a tool list, each checked against the tools of the session: an
 * entry naming a tool tick lacks is left out with a warning on the key's line.
 */
export function toolRules(
  fields: FrontmatterFields,
  key: string,
  naming: readonly ToolNaming[],
): string[] {
  if (!fields.has(key)) return [];
  const { entries, problem } = splitToolList(fields.raw(key));
  if (problem) fields.warn(key, `${key}: ${problem}`);
  const rules: string[] = [];
  for (const entry of entries) {
    if (resolveToolName(entry.tool, naming)) rules.push(entry.text);
    else
      fields.warn(
        key,
        `${key}: ${entry.tool} is not a tool tick has; ${key.startsWith('disallowed') ? 'nothing to remove' : `${entry.text} ignored`}`,
      );
  }
  return rules;
}

function argumentNames(fields: FrontmatterFields): string[] {
  const value = fields.raw('arguments');
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  fields.warn('arguments', 'arguments: expected names (`issue branch` or a YAML list); ignored');
  return [];
}

/** Claude Code's fallback description: the body's first non-empty line, headings unmarked, 100 characters. */
function firstLine(body: string): string {
  const line = body
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!line) return '';
  const text = line.replace(/^#+\s+/, '');
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
