/**
 * An MCP configuration file (`.mcp.json`, `--mcp-config FILE`) to its raw server entries.
 * JSON with `mcpServers` is Claude Code's shape, and Cursor's and Gemini CLI's; VS Code's
 * `servers` is read the same way (with a note); a `.toml` file is Codex's `[mcp_servers.*]`.
 * `--mcp-config` also takes the JSON itself, as Claude Code's does. A file that is none of
 * these is one line naming the file; nothing else is lost.
 */
import { readFileSync } from 'node:fs';
import { parseJsonWithLocation } from '../config/json-location';
import { readCodexServers } from './codex-toml';

export interface RawServers {
  /** The value under each server's name, as written. */
  servers: Record<string, unknown>;
  /** The key holding them, for messages: `mcpServers`, `servers` or `mcp_servers`. */
  container: string;
  warnings: string[];
}

export type ReadResult =
  | { ok: true; raw: RawServers }
  | { ok: false; error: string }
  /** The file does not exist (for `.mcp.json`: nothing configured). */
  | { ok: 'missing' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `path` (or, for `--mcp-config`, inline JSON) into its server entries. */
export async function readMcpConfigFile(path: string): Promise<ReadResult> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: 'missing' };
    const detail = code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    return { ok: false, error: `${path}: cannot read the file: ${detail}` };
  }
  if (/\.toml$/i.test(path)) {
    const toml = await readCodexServers(text, path);
    if (!toml.ok) return toml;
    return {
      ok: true,
      raw: { servers: toml.servers, container: 'mcp_servers', warnings: toml.warnings },
    };
  }
  return parseMcpJson(text, path);
}

/** JSON text (a file's, or `--mcp-config`'s inline JSON) into its server entries. */
export function parseMcpJson(text: string, file: string): ReadResult {
  if (text.trim() === '')
    return { ok: true, raw: { servers: {}, container: 'mcpServers', warnings: [] } };
  const parsed = parseJsonWithLocation(text);
  if (!parsed.ok) {
    return {
      ok: false,
      error: `${file}: invalid JSON at line ${parsed.line} column ${parsed.column}: ${parsed.message}`,
    };
  }
  const document = parsed.value;
  if (!isObject(document))
    return { ok: false, error: `${file}: must be a JSON object with "mcpServers"` };
  if (document.mcpServers !== undefined) {
    if (!isObject(document.mcpServers))
      return { ok: false, error: `${file}: mcpServers must be an object of servers by name` };
    const warnings =
      document.servers !== undefined
        ? [`${file}: servers (VS Code's key) is ignored beside mcpServers`]
        : [];
    return { ok: true, raw: { servers: document.mcpServers, container: 'mcpServers', warnings } };
  }
  if (isObject(document.servers)) {
    return {
      ok: true,
      raw: {
        servers: document.servers,
        container: 'servers',
        warnings: [`${file}: servers is VS Code's key; read as mcpServers (inputs are not read)`],
      },
    };
  }
  const keys = Object.keys(document);
  const found = keys.length ? ` (its keys: ${keys.slice(0, 5).join(', ')})` : '';
  return {
    ok: false,
    error: `${file}: no "mcpServers" object: not an MCP server configuration${found}`,
  };
}
