/**
 * `/mcp` in the app: the servers with their state (starting, ready with N tools and what
 * their definitions cost, failed with the reason, needs login, needs approval), and the
 * actions: reconnect, approve or deny a project server, log in to a remote one; the
 * servers' prompts and resources. A prompt runs as its own command, `/mcp__server__prompt`.
 */
import { promptLine } from '../mcp/prompts';
import { serverLine, tokensText, totalLine } from '../mcp/server-text';
import type { McpPort } from './agent-port';
import type { InfoTone } from '../store/types';

export const MCP_USAGE =
  'Usage: /mcp [prompts | resources | reconnect NAME | approve NAME|all | deny NAME | login NAME]';

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
      const { tools, tokens } = mcp.summary();
      return say(
        [
          'MCP servers',
          ...views.map((view) => `  ${serverLine(view)}`),
          `  ${totalLine(views)}`,
          // What the status line counts: the search tool and the resource tools included.
          `  offered to the model now: ${tools} MCP tool definitions, ${tokensText(tokens)} per request`,
        ].join('\n'),
      );
    }
    case 'prompts':
      void mcp
        .prompts()
        .then(
          (prompts) =>
            say(
              prompts.length
                ? [
                    'MCP prompts (type one to send it)',
                    ...prompts.map((p) => `  ${promptLine(p)}`),
                  ].join('\n')
                : 'No ready MCP server offers prompts.',
            ),
          failed,
        );
      return;
    case 'resources':
      void mcp
        .resourceLines()
        .then(
          (lines) =>
            say(
              lines.length
                ? [
                    'MCP resources (the model reads them with read_mcp_resource)',
                    ...lines.map((line) => `  ${line}`),
                  ].join('\n')
                : 'No ready MCP server lists resources.',
            ),
          failed,
        );
      return;
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

/**
 * `/mcp__server__prompt words...`: the server's prompt, filled with the words, is sent to
 * the model as if the user typed it.
 */
export function mcpPromptCommand(
  mcp: McpPort | undefined,
  command: string,
  argumentText: string,
  send: (prompt: string) => void,
  say: Say,
): void {
  if (!mcp) return say(`Unknown command ${command}. Type /help for the list.`, 'error');
  void mcp.runPrompt(command, argumentText).then(
    (prompt) => (prompt.trim() ? send(prompt) : say(`MCP prompt ${command} is empty.`, 'warning')),
    (error: unknown) => say((error as Error).message, 'error'),
  );
}
