/**
 * MCP prompts for the user, as Claude Code offers them: each prompt of a ready server is a
 * slash command `/mcp__<server>__<prompt>`; the words after it fill the prompt's arguments
 * in order (the last one takes the rest of the line), the server's messages become the
 * text sent to the model as the user's prompt.
 */
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnection } from './connection';
import { allPages } from './pages';
import { serverPrefix, normalizeName } from './tool-names';

/** One prompt as `/mcp prompts` lists it and the command runs it. */
export interface PromptCommand {
  /** `/mcp__github__review`. */
  command: string;
  server: McpConnection;
  prompt: Prompt;
}

export function promptCommandName(server: string, prompt: string): string {
  return `/${serverPrefix(server)}${normalizeName(prompt)}`;
}

/** Every prompt of the ready servers that declare prompts (all pages). */
export async function promptCommands(servers: readonly McpConnection[]): Promise<PromptCommand[]> {
  const commands: PromptCommand[] = [];
  for (const server of servers) {
    if (!server.capabilities?.prompts) continue;
    const prompts = await server.request('listing prompts', (client, options) =>
      allPages(async (cursor) => {
        const page = await client.listPrompts(cursor ? { cursor } : undefined, options);
        return { items: page.prompts, nextCursor: page.nextCursor };
      }),
    );
    for (const prompt of prompts)
      commands.push({
        command: promptCommandName(server.config.name, prompt.name),
        server,
        prompt,
      });
  }
  return commands;
}

/** `/mcp__github__review PR [focus]  Review a pull request`. */
export function promptLine({ command, prompt }: PromptCommand): string {
  const args = (prompt.arguments ?? [])
    .map((arg) => (arg.required ? arg.name.toUpperCase() : `[${arg.name.toUpperCase()}]`))
    .join(' ');
  const about = prompt.description ?? prompt.title ?? '';
  return `${command}${args ? ` ${args}` : ''}${about ? `  ${about}` : ''}`;
}

/**
 * The words typed after the command as the prompt's arguments, in the order it declares
 * them; the last declared argument takes the rest of the line. A required one missing is
 * an error that names it.
 */
export function promptArguments(prompt: Prompt, text: string): Record<string, string> {
  const declared = prompt.arguments ?? [];
  const words = text.trim() ? text.trim().split(/\s+/) : [];
  const values: Record<string, string> = {};
  declared.forEach((arg, index) => {
    const last = index === declared.length - 1;
    const value = last ? words.slice(index).join(' ') : words[index];
    if (value) values[arg.name] = value;
  });
  const missing = declared.filter((arg) => arg.required && !(arg.name in values));
  if (missing.length)
    throw new Error(
      `prompt ${prompt.name} needs ${missing.map((arg) => arg.name.toUpperCase()).join(' ')}`,
    );
  return values;
}

/** The server's messages as one prompt: texts as they are, a line for other content. */
export function promptText(result: GetPromptResult): string {
  return result.messages
    .map(({ role, content }) => {
      const text =
        content.type === 'text'
          ? content.text
          : content.type === 'resource'
            ? 'text' in content.resource
              ? content.resource.text
              : `[resource ${content.resource.uri}]`
            : content.type === 'resource_link'
              ? `[resource ${content.uri}]`
              : `[${content.type}]`;
      return role === 'assistant' ? `(assistant) ${text}` : text;
    })
    .join('\n\n');
}

/** Fetches the prompt filled with the arguments typed after its command. */
export async function runPromptCommand(
  command: PromptCommand,
  argumentText: string,
  signal?: AbortSignal,
): Promise<string> {
  const args = promptArguments(command.prompt, argumentText);
  const result = await command.server.request(
    `getting prompt ${command.prompt.name}`,
    (client, options) => client.getPrompt({ name: command.prompt.name, arguments: args }, options),
    signal,
  );
  return promptText(result);
}
