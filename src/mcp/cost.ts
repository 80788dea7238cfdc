/** What tool definitions cost the context: every request carries them. */
import { CHARS_PER_TOKEN } from '../context/tokens';
import type { Tool } from '../tools/types';

/** What these tools' definitions add to each request, about (characters / 4). */
export function definitionTokens(tools: readonly Tool[]): number {
  let chars = 0;
  for (const tool of tools)
    chars +=
      tool.name.length +
      tool.description.length +
      JSON.stringify(tool.schema.jsonSchema()).length +
      30;
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
