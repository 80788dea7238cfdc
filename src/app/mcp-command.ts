/**
 * `/mcp` in the app: the servers with their state (starting, ready with N tools and what
 * their definitions cost, failed with the reason, needs login, needs approval), and the
 * actions: reconnect, approve or deny a project server, log in to a remote one.
 */
import { serverLine, totalLine } from '../mcp/server-text';
import type { McpPort } from './agent-port';
import type { InfoTone } from '../store/types';

export const MCP_USAGE = 'Usage: /mcp [reconnect NAME | approve NAME|all | deny NAME | login NAME]';

type Say = (text: string, tone?: InfoTone) => void;

export function mcpCommand(mcp: McpPort | undefined, args: string[], cwd: string, say: Say): void {
  if (!mcp)
    return say(
      'No MCP servers configured (.mcp.json, mcpServers in settings, --mcp-config; tick mcp add).',
    );
  const [action, name] = args;
  const failed = (error: unknown) => say((error as Error).message, 'error');
  switch (action) {
    case undefined: {
      const views = mcp.views();
      return say(
        [
          'MCP servers',
          ...views.map((view) => `  ${serverLine(view)}`),
          `  ${totalLine(views)}`,
        ].join('\n'),
      );
    }
    case 'reconnect':
      if (!name) return say(MCP_USAGE, 'error');
      say(`Reconnecting ${name}...`, 'dim');
      void mcp.hub.reconnect(name).then((view) => say(serverLine(view)), failed);
      return;
    case 'approve':
    case 'deny': {
      if (!name) return say(MCP_USAGE, 'error');
      const all = name === 'all';
      const targets = all ? mcp.hub.pendingApprovals() : [name];
      if (all && targets.length === 0) return say('No project server waits for approval.');
      const answer = action === 'deny' ? 'reject' : all ? 'approve-all' : 'approve';
      void mcp.hub
        .answerProject(targets[0], answer, cwd)
        .then(
          (file) =>
            say(
              `${action === 'deny' ? 'Not using' : 'Using'} ${all ? 'every .mcp.json server' : name} (kept in ${file})`,
            ),
          failed,
        );
      return;
    }
    case 'login':
      if (!name) return say(MCP_USAGE, 'error');
      void mcp.hub
        .login(name, {
          show: (url, opened) =>
            say(
              `${opened ? 'Your browser should open at' : 'Open this link in a browser'} to log in to ${name}:\n${url}`,
            ),
        })
        .then((view) => say(`Logged in: ${serverLine(view)}`), failed);
      return;
    default:
      return say(MCP_USAGE, 'error');
  }
}
