/**
 * The MCP step: when servers are configured, a McpSession (src/mcp/) started in the
 * background, whose tools join the session's own. They come and go while the session runs
 * (a server gets ready, lists new tools, the search tool loads some), so `tools` and
 * `offered` become live records read per request and per call. src/mcp/ loads only when a
 * server is configured.
 */
import type { McpSession } from '../mcp/session';
import type { Tool } from '../tools/types';
import { liveRecord } from '../util/live-record';
import type { ModelParts } from './wire-model';
import type { PlanParts } from './wire-plan';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface McpParts {
  /** The session's MCP servers, when any is configured (`/mcp`, the status line). */
  mcp: McpSession | undefined;
  tools: Record<string, Tool>;
  offered: Record<string, Tool>;
}

type Needs = Setup &
  Pick<SessionParts, 'cwd' | 'roots' | 'teardown'> &
  Pick<PlanParts, 'tools' | 'offered'> &
  ModelParts;

/** The session's own tools with the MCP tools of the moment. */
function withMcp(own: Record<string, Tool>, mcpTools: () => readonly Tool[]): Record<string, Tool> {
  return liveRecord(own, () => Object.fromEntries(mcpTools().map((tool) => [tool.name, tool])));
}

export const mcpStep: WiringStep<Needs, McpParts> = {
  name: 'mcp',
  wire: async ({ config, options, cwd, roots, teardown, tools, offered, model, windows }) => {
    if (!config.mcp || config.mcp.servers.length === 0) return { mcp: undefined, tools, offered };
    const { McpSession } = await import('../mcp/session');
    const mcp = new McpSession(config.mcp, {
      workspace: cwd,
      home: config.home,
      roots: () => roots,
      windowTokens: () => windows.window(model.name),
      interactive: options.interactive,
    });
    mcp.start();
    // Every server process stops when the session closes.
    teardown.defer(() => mcp.close());
    return {
      mcp,
      tools: withMcp(tools, () => mcp.callable()),
      offered: withMcp(offered, () => mcp.offered()),
    };
  },
};
