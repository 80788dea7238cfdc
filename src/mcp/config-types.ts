/** What tick knows of one configured MCP server, after its source was read and checked. */

/** Where a server's entry came from, lowest precedence first (a later one of the same name wins). */
export type McpScope = 'user' | 'mcpjson' | 'project' | 'local' | 'flag';

export const MCP_SCOPES: readonly McpScope[] = ['user', 'mcpjson', 'project', 'local', 'flag'];

/** The words `/mcp` and `tick mcp list` use for each scope. */
export const SCOPE_NAMES: Record<McpScope, string> = {
  user: 'user settings',
  mcpjson: 'project .mcp.json',
  project: 'project settings',
  local: 'local settings',
  flag: '--mcp-config',
};

export type McpTransportKind = 'stdio' | 'http' | 'sse';

/** OAuth settings of a remote server (Claude Code's `oauth` object). */
export interface McpOAuthSettings {
  /** A client registered beforehand (no dynamic registration then). */
  clientId?: string;
  clientSecret?: string;
  /** The fixed port of the loopback redirect, for a client registered with one. */
  callbackPort?: number;
  /** Scopes to ask for, space-separated. */
  scope?: string;
}

interface ServerBase {
  /** The name as configured: tools are `mcp__<name>__<tool>` (with unsafe characters as `_`). */
  name: string;
  scope: McpScope;
  /** The file the entry is in. */
  file: string;
  /** Start-up and request timeout for this server (Gemini's `timeout`, Codex's `startup_timeout_sec`). */
  timeoutMs?: number;
  /** A tool call's timeout for this server (Codex's `tool_timeout_sec`). */
  toolTimeoutMs?: number;
  /** Tools to offer (Codex's `enabled_tools`); absent: all. */
  enabledTools?: string[];
  /** Tools never offered (Codex's `disabled_tools`). */
  disabledTools?: string[];
}

export interface StdioServerConfig extends ServerBase {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Added to tick's own environment. */
  env: Record<string, string>;
  /** The folder the server runs in (default: the workspace). */
  cwd?: string;
}

export interface RemoteServerConfig extends ServerBase {
  transport: 'http' | 'sse';
  url: string;
  headers: Record<string, string>;
  /** A shell command whose output (a JSON object) adds headers at each connection. */
  headersHelper?: string;
  oauth?: McpOAuthSettings;
  /** The entry gave no type: streamable HTTP first, the older SSE when the server refuses it. */
  sseFallback?: boolean;
}

export type McpServerConfig = StdioServerConfig | RemoteServerConfig;

/** A project server's standing (`.mcp.json` servers ask before their first start). */
export type ProjectApproval = 'approved' | 'pending' | 'rejected';

/** One server as configured, or the reason its entry cannot be used. */
export type McpServerEntry =
  | {
      ok: true;
      config: McpServerConfig;
      approval: ProjectApproval;
      /** Why the entry is off in its file (`"disabled": true`); it is listed, never started. */
      disabled?: string;
    }
  | { ok: false; name: string; scope: McpScope; file: string; error: string };

/** tick's own MCP settings (`mcp` in settings files). */
export interface McpSettings {
  /** Start-up and request timeout (default 30 s; MCP_TIMEOUT). */
  timeoutMs: number;
  /** A tool call's timeout, reset by the server's progress (default: timeoutMs; MCP_TOOL_TIMEOUT). */
  toolTimeoutMs: number;
  /**
   * `auto`: offer a search tool instead of the MCP tools' definitions when they are many;
   * `always`, `never`.
   */
  toolSearch: 'auto' | 'always' | 'never';
  /** `auto` searches past this many MCP tools ... */
  toolSearchMaxTools: number;
  /** ... or past this share of the context window. */
  toolSearchMaxShare: number;
}

export const MCP_DEFAULTS: McpSettings = {
  timeoutMs: 30_000,
  toolTimeoutMs: 30_000,
  toolSearch: 'auto',
  toolSearchMaxTools: 40,
  toolSearchMaxShare: 0.1,
};

/** Every configured server with what could not be used, and the settings that apply. */
export interface McpConfig {
  servers: McpServerEntry[];
  settings: McpSettings;
  /** Problems that are not about one entry (a file that is not JSON, an unknown key). */
  warnings: string[];
}
