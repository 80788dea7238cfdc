/** Where MCP things live on disk. */
import { join } from 'node:path';
import { sessionDir } from '../session/paths';

/** `.mcp.json` at the workspace root, as Claude Code reads it. */
export function mcpJsonPath(workspace: string): string {
  return join(workspace, '.mcp.json');
}

/** A stdio server's stderr: `$TICK_HOME/projects/<workspace>/mcp-logs/<server>.log`. */
export function serverLogFile(home: string, workspace: string, server: string): string {
  return join(sessionDir(home, workspace), 'mcp-logs', `${fileSafe(server)}.log`);
}

/** OAuth tokens and client registrations: `$TICK_HOME/mcp-auth/`, readable by the user only. */
export function authDir(home: string): string {
  return join(home, 'mcp-auth');
}

/** A server name as a file name: anything but letters, digits, `.`, `_` and `-` becomes `_`. */
export function fileSafe(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return safe.startsWith('.') ? `_${safe.slice(1)}` : safe;
}
