/**
 * The `skill` tool (Claude Code's Skill): the model loads a skill by name when a task
 * matches its description. Only the skills' names and descriptions are in the system
 * prompt; the body is read now, with its arguments, `!` commands (run through the gate)
 * and `@` files, and its `allowed-tools` hold until the user's prompt ends. The result
 * names the skill's folder, so the model can read the files the skill points to.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expandPromptCommand } from '../extensions/commands/expand';
import type { PromptCommand } from '../extensions/commands/prompt-command';
import { defined } from './claude-fields';
import { object, optional, string } from './schema';
import type { Tool } from './types';

const schema = object({
  skill: string({ minLength: 1, description: 'The name of the skill, as listed under "Skills".' }),
  args: optional(string({ description: 'Arguments for the skill, if it takes any.' })),
});

/** Files a skill's folder lists for the model, at most. */
const MAX_LISTED_FILES = 40;

export function skillTool(skills: readonly PromptCommand[]): Tool<typeof schema> {
  const find = (name: string): PromptCommand | undefined => {
    const wanted = name.trim().replace(/^\//, '').toLowerCase();
    return (
      skills.find((skill) => skill.name.toLowerCase() === wanted) ??
      skills.find((skill) => skill.label?.toLowerCase() === wanted)
    );
  };
  const offered = skills.filter((skill) => skill.modelInvocable).map((skill) => skill.name);
  return {
    name: 'skill',
    description:
      'Load a skill: its instructions for a kind of task, listed under "Skills" in the system ' +
      'prompt by name and description. Call it as soon as a task matches a skill, before doing ' +
      'the task, and follow what it returns.',
    schema,
    look: { role: 'read', resultShape: 'count' },
    access: () => ({ kind: 'none' }),
    summary: (input) => (input.args ? `${input.skill} ${input.args}` : input.skill),
    async run(input, ctx) {
      const skill = find(input.skill);
      if (!skill) {
        return {
          output: `Error: no skill named '${input.skill}'. Skills: ${offered.join(', ') || '(none)'}`,
          isError: true,
        };
      }
      if (!skill.modelInvocable) {
        return {
          output: `Error: the skill ${skill.name} runs only when the user types /${skill.name} (disable-model-invocation); do not carry out its steps another way`,
          isError: true,
        };
      }
      if (!ctx.prompts) return { output: 'Error: skills cannot be loaded here', isError: true };
      ctx.prompts.grantForPrompt({ allow: skill.allowedTools, deny: skill.disallowedTools });
      const expansion = await expandPromptCommand(
        skill,
        { args: input.args ?? '', sessionId: ctx.prompts.sessionId, projectDir: ctx.cwd },
        ctx.prompts,
      );
      if (!expansion.ok) return { output: `Error: ${expansion.error}`, isError: true };
      const files = await folderListing(skill.dir);
      const output = [
        `Skill: ${skill.name}`,
        `Base directory for this skill: ${skill.dir}`,
        ...(files.length ? [`Files in it: ${files.join(', ')}`] : []),
        '',
        expansion.prompt,
      ].join('\n');
      return {
        output,
        display: { lines: output.split('\n').length },
        claude: { response: { success: true, commandName: skill.name } },
      };
    },
    claude: {
      name: 'Skill',
      toolInput: (input) => defined({ skill: input.skill, args: input.args }),
      fromToolInput: (toolInput) => defined({ skill: toolInput.skill, args: toolInput.args }),
    },
  };
}

/** The files of a skill's folder (two levels), relative to it, without SKILL.md. */
async function folderListing(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => path !== 'SKILL.md' && path.split('/').length <= 2)
    .sort();
  return files.length > MAX_LISTED_FILES
    ? [...files.slice(0, MAX_LISTED_FILES), `... (${files.length - MAX_LISTED_FILES} more)`]
    : files;
}
