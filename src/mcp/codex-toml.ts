/**
 * Codex's `config.toml` `[mcp_servers.NAME]` tables as `mcpServers` entries: `command`,
 * `args`, `env`, `cwd`, `url`, `http_headers`, `env_http_headers` (header from a variable),
 * `bearer_token_env_var`, `startup_timeout_sec`/`_ms`, `enabled`, `enabled_tools`,
 * `disabled_tools`. smol-toml loads only when such a file is given.
 */

type Json = Record<string, unknown>;

export type TomlServers =
  { ok: true; servers: Record<string, unknown>; warnings: string[] } | { ok: false; error: string };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readCodexServers(text: string, file: string): Promise<TomlServers> {
  const { parse, TomlError } = await import('smol-toml');
  let document: Json;
  try {
    document = parse(text) as Json;
  } catch (error) {
    if (error instanceof TomlError)
      return {
        ok: false,
        error: `${file}: invalid TOML at line ${error.line} column ${error.column}: ${firstLine(error.message)}`,
      };
    throw error;
  }
  const tables = document.mcp_servers;
  if (!isObject(tables))
    return {
      ok: false,
      error: `${file}: no [mcp_servers.NAME] tables: not an MCP server configuration`,
    };
  const servers: Record<string, unknown> = {};
  const warnings: string[] = [];
  for (const [name, table] of Object.entries(tables)) {
    servers[name] = isObject(table) ? fromCodex(table) : table;
  }
  return { ok: true, servers, warnings };
}

/** One Codex table in Claude Code's words (the entry parser checks the values). */
function fromCodex(table: Json): Json {
  const { http_headers, env_http_headers, bearer_token_env_var, ...rest } = table;
  const entry: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    switch (key) {
      case 'startup_timeout_sec':
        if (typeof value === 'number') entry.timeout = value * 1000;
        else entry.timeout = value;
        break;
      case 'startup_timeout_ms':
        entry.timeout = value;
        break;
      case 'tool_timeout_sec':
        entry.toolTimeout = typeof value === 'number' ? value * 1000 : value;
        break;
      case 'enabled_tools':
        entry.enabledTools = value;
        break;
      case 'disabled_tools':
        entry.disabledTools = value;
        break;
      default:
        entry[key] = value;
    }
  }
  const headers: Json = isObject(http_headers) ? { ...http_headers } : {};
  if (isObject(env_http_headers)) {
    for (const [header, variable] of Object.entries(env_http_headers))
      headers[header] = `\${${String(variable)}}`;
  }
  if (typeof bearer_token_env_var === 'string')
    headers.Authorization = `Bearer \${${bearer_token_env_var}}`;
  if (Object.keys(headers).length) entry.headers = headers;
  return entry;
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}
