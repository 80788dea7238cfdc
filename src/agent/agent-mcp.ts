/**
 * The MCP wiring step: when servers are configured, a McpSession (src/mcp/) whose tools join
 * the session's own. The tools offered change while the session runs (a server gets ready,
 * lists new tools, the search tool loads some), so the loop reads them through getters,
 * per request and per call. src/mcp/ loads only when some server is configured.
 */
import type { Config } from '../config/types';
import type { ToolDefinition } from '../model/types';
import { toolDefinitions } from '../tools/registry';
import type { Tool } from '../tools/types';
import type { McpSession } from '../mcp/session';

export interface SessionTools {
  /** The tools a call may name: the session's own and every MCP tool. */
  readonly tools: Record<string, Tool>;
  /** What the model is offered in the next request. */
  readonly definitions: ToolDefinition[];
  /** The names offered, for the system prompt. */
  names(): string[];
}

export async function wireMcp(
  config: Config,
  options: {
    cwd: string;
    roots: string[];
    interactive: boolean;
    windowTokens: () => number | undefined;
  },
): Promise<McpSession | undefined> {
  if (!config.mcp || config.mcp.servers.length === 0) return undefined;
  const { McpSession } = await import('../mcp/session');
  const session = new McpSession(config.mcp, {
    workspace: options.cwd,
    home: config.home,
    roots: () => options.roots,
    windowTokens: options.windowTokens,
    interactive: options.interactive,
  });
  session.start();
  return session;
}

/** The session's own tools with the MCP tools of the moment, read live. */
export function sessionTools(own: Record<string, Tool>, mcp: McpSession | undefined): SessionTools {
  const ownDefinitions = toolDefinitions(own);
  if (!mcp) {
    return { tools: own, definitions: ownDefinitions, names: () => Object.keys(own) };
  }
  const withMcp = (extra: readonly Tool[]) => ({
    ...own,
    ...Object.fromEntries(extra.map((tool) => [tool.name, tool])),
  });
  return {
    get tools() {
      return withMcp(mcp.callable());
    },
    get definitions() {
      return [...ownDefinitions, ...toolDefinitions(mcp.offered())];
    },
    names: () => [...Object.keys(own), ...mcp.offered().map((tool) => tool.name)],
  };
}
