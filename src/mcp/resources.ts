/**
 * MCP resources for the model, as Claude Code offers them: two tools, one that lists the
 * resources of the ready servers (ListMcpResourcesTool) and one that reads one by its URI
 * (ReadMcpResourceTool). Both only read what a server chose to expose, so, as in Claude
 * Code, they run without asking. Offered while some ready server declares resources.
 */
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { cutMiddle, MAX_OUTPUT_CHARS } from '../tools/output-buffer';
import { object, optional, string } from '../tools/schema';
import type { Tool, ToolResult } from '../tools/types';
import { McpCallError, type McpConnection } from './connection';
import { allPages } from './pages';

export const LIST_RESOURCES_NAME = 'list_mcp_resources';
export const READ_RESOURCE_NAME = 'read_mcp_resource';

/** The ready servers, as the resource tools need them. */
export type ReadyServers = () => readonly McpConnection[];

const withResources = (servers: ReadyServers) =>
  servers().filter((connection) => connection.capabilities?.resources);

/** Every resource a server lists (all pages). */
export async function listResources(
  connection: McpConnection,
  signal?: AbortSignal,
): Promise<Resource[]> {
  return connection.request(
    'listing resources',
    (client, options) =>
      allPages(async (cursor) => {
        const page = await client.listResources(cursor ? { cursor } : undefined, options);
        return { items: page.resources, nextCursor: page.nextCursor };
      }),
    signal,
  );
}

/** `server: uri (name, mime) - description`, one resource a line. */
export function resourceLine(server: string, resource: Resource): string {
  const about = [resource.title ?? resource.name, resource.mimeType].filter(Boolean).join(', ');
  const description = resource.description ? ` - ${resource.description}` : '';
  return `${server}: ${resource.uri}${about ? ` (${about})` : ''}${description}`;
}

/** A read resource as text: text contents as they are, a line for each binary one. */
export function resourceText(result: ReadResourceResult): string {
  return result.contents
    .map((content) => {
      if ('text' in content) return content.text;
      const mime = content.mimeType ? ` (${content.mimeType})` : '';
      const bytes = Math.floor((content.blob.length * 3) / 4);
      return `[binary resource ${content.uri}${mime}, ${bytes} bytes, not shown]`;
    })
    .join('\n');
}

function failure(error: unknown): ToolResult {
  const message = error instanceof McpCallError ? error.message : (error as Error).message;
  return { output: `Error: ${message}`, isError: true, claude: { error: message } };
}

const listSchema = object({
  server: optional(string({ description: 'Only this server (default: every server)' })),
});

const readSchema = object({
  server: string({ description: 'The MCP server that lists the resource', minLength: 1 }),
  uri: string({ description: 'The resource URI, as the list gives it', minLength: 1 }),
});

function listTool(servers: ReadyServers): Tool<typeof listSchema> {
  return {
    name: LIST_RESOURCES_NAME,
    description:
      'List the resources (files, records, documents) the connected MCP servers expose, with their URIs. Read one with read_mcp_resource.',
    schema: listSchema,
    look: { role: 'search', resultShape: 'list' },
    access: () => ({ kind: 'none' }),
    summary: (input) => input.server ?? 'every server',
    run: async (input, ctx) => {
      const targets = withResources(servers).filter(
        (connection) => !input.server || connection.config.name === input.server,
      );
      if (input.server && targets.length === 0)
        return failure(new Error(`no ready MCP server named ${input.server} lists resources`));
      const lines: string[] = [];
      try {
        for (const connection of targets)
          for (const resource of await listResources(connection, ctx.signal))
            lines.push(resourceLine(connection.config.name, resource));
      } catch (error) {
        return failure(error);
      }
      const output = lines.length ? lines.join('\n') : 'No MCP server lists any resource.';
      return { output: cutMiddle(output), display: { matches: lines.length } };
    },
    claude: {
      name: 'ListMcpResourcesTool',
      toolInput: (input) => ({ ...input }),
      fromToolInput: (toolInput) => toolInput,
    },
  };
}

function readTool(servers: ReadyServers): Tool<typeof readSchema> {
  return {
    name: READ_RESOURCE_NAME,
    description:
      'Read one resource of a connected MCP server by its URI (list_mcp_resources gives them).',
    schema: readSchema,
    look: { role: 'read', resultShape: 'text' },
    access: () => ({ kind: 'none' }),
    summary: (input) => `${input.server}: ${input.uri}`,
    run: async (input, ctx) => {
      const connection = servers().find((server) => server.config.name === input.server);
      if (!connection) return failure(new Error(`no ready MCP server named ${input.server}`));
      try {
        const result = await connection.request(
          `reading ${input.uri}`,
          (client, options) => client.readResource({ uri: input.uri }, options),
          ctx.signal,
        );
        const text = resourceText(result);
        return text.length <= MAX_OUTPUT_CHARS ? { output: text } : { output: cutMiddle(text) };
      } catch (error) {
        return failure(error);
      }
    },
    claude: {
      name: 'ReadMcpResourceTool',
      toolInput: (input) => ({ ...input }),
      fromToolInput: (toolInput) => toolInput,
    },
  };
}

/** The two resource tools over the servers ready at each call. */
export function resourceTools(servers: ReadyServers): {
  tools: readonly Tool[];
  /** True while some ready server declares resources (the tools are offered then). */
  available: () => boolean;
} {
  return {
    tools: [listTool(servers), readTool(servers)],
    available: () => withResources(servers).length > 0,
  };
}
