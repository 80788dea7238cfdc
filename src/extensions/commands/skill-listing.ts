import type { PromptCommand } from './prompt-command';

/** Claude Code cuts each skill's description (with `when_to_use`) at this length in the list. */
export const MAX_LISTED_DESCRIPTION = 1536;

/**
 * The system prompt's list of skills: only each one's name and description (its body is
 * read when the model loads it with the `skill` tool).
 */
export function skillListing(skills: readonly PromptCommand[]): string {
  if (skills.length === 0) return '';
  const lines = skills.map((skill) => {
    const text = [skill.description, skill.whenToUse]
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const cut =
      text.length > MAX_LISTED_DESCRIPTION ? `${text.slice(0, MAX_LISTED_DESCRIPTION - 1)}…` : text;
    return `- ${skill.name}: ${cut}`;
  });
  return [
    '# Skills',
    '',
    'Skills are instructions for particular kinds of task, kept out of this prompt until needed. ' +
      "When a task matches a skill's description, call the `skill` tool with its name before " +
      'anything else and follow what it returns (it may point to files in its folder: read them ' +
      'with read_file when they are needed).',
    '',
    ...lines,
  ].join('\n');
}
