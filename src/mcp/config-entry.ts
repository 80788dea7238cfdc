/**
 * One `mcpServers` entry to a server config, as Claude Code reads `.mcp.json`
 * (`type` stdio | http | sse, `command`/`args`/`env`, `url`/`headers`/`headersHelper`,
 * `oauth`), plus what other agents' files say the same way: `httpUrl` (Gemini CLI),
 * `serverUrl` (Windsurf), `transport: "http"` as a string, `cwd`, `timeout` (ms),
 * `disabled: true`, `enabled: false`. A bad entry is one line naming the file, the entry
 * and the field; keys tick does not use are a warning, and the entry still loads.
 */
import type { McpOAuthSettings, McpScope, McpServerConfig } from './config-types';
import { FieldExpander, type ExpandContext } from './expand';

export interface EntrySource {
  scope: McpScope;
  file: string;
  /** The entry's place in its file, e.g. `mcpServers.github` or `mcp_servers.github`. */
  where: string;
}

export type ParsedEntry =
  | { ok: true; config: McpServerConfig; disabled?: string; warnings: string[] }
  | { ok: false; error: string; warnings: string[] };

const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamableHttp', 'streamable_http']);

/** Keys other clients write that tick reads as nothing, with why. */
const IGNORED_KEYS: Record<string, string> = {
  description: 'a note for people',
  trust: "Gemini CLI's trust; tick's permission gate still asks",
  alwaysAllow: "another client's auto-approval; write allow rules (mcp__server__tool) instead",
  autoApprove: "another client's auto-approval; write allow rules (mcp__server__tool) instead",
  env_vars: 'tick passes its whole environment to the server already',
  link: 'not an MCP setting',
};

const KNOWN_KEYS = new Set([
  'type',
  'transport',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'httpUrl',
  'serverUrl',
  'headers',
  'headersHelper',
  'oauth',
  'timeout',
  'toolTimeout',
  'disabled',
  'enabled',
  'enabledTools',
  'disabledTools',
]);

type Json = Record<string, unknown>;

class EntryError extends Error {}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(entry: Json, key: string): string | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw new EntryError(`${key} must be a non-empty string`);
  return value;
}

function stringList(entry: Json, key: string): string[] | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw new EntryError(`${key} must be an array of strings`);
  return value as string[];
}

function stringRecord(entry: Json, key: string): Record<string, string> {
  const value = entry[key];
  if (value === undefined) return {};
  if (!isObject(value)) throw new EntryError(`${key} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    // Numbers and booleans are written unquoted often enough; the environment takes text.
    if (typeof item === 'number' || typeof item === 'boolean') out[name] = String(item);
    else if (typeof item === 'string') out[name] = item;
    else throw new EntryError(`${key}.${name} must be a string`);
  }
  return out;
}

function oauthField(entry: Json): McpOAuthSettings | undefined {
  const value = entry.oauth;
  if (value === undefined) return undefined;
  if (!isObject(value))
    throw new EntryError('oauth must be an object {"clientId", "callbackPort"}');
  const oauth: McpOAuthSettings = {};
  const clientId = stringField(value, 'clientId');
  const clientSecret = stringField(value, 'clientSecret');
  if (clientId) oauth.clientId = clientId;
  if (clientSecret) oauth.clientSecret = clientSecret;
  const port = value.callbackPort;
  if (port !== undefined) {
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new EntryError('oauth.callbackPort must be a port number (1-65535)');
    oauth.callbackPort = port;
  }
  const scope = value.scope ?? value.scopes;
  if (typeof scope === 'string') oauth.scope = scope;
  else if (Array.isArray(scope) && scope.every((item) => typeof item === 'string'))
    oauth.scope = scope.join(' ');
  return oauth;
}

function timeoutField(entry: Json, key: 'timeout' | 'toolTimeout'): number | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new EntryError(`${key} must be a positive number of milliseconds`);
  return value;
}

/** stdio, http or sse, from `type` (or a `transport` string), else from the fields present. */
function transportOf(entry: Json): { kind: 'stdio' | 'http' | 'sse'; inferred: boolean } {
  if (isObject(entry.transport))
    throw new EntryError(
      'transport is an object; write "type": "http" and "url" at the top of the entry',
    );
  const declared = entry.type ?? entry.transport;
  if (declared !== undefined) {
    if (typeof declared !== 'string') throw new EntryError('type must be "stdio", "http" or "sse"');
    if (declared === 'stdio' || declared === 'sse') return { kind: declared, inferred: false };
    if (HTTP_TYPES.has(declared)) return { kind: 'http', inferred: false };
    throw new EntryError(`type "${declared}" is not one tick knows (stdio, http, sse)`);
  }
  if (entry.command !== undefined) return { kind: 'stdio', inferred: true };
  if (entry.httpUrl !== undefined) return { kind: 'http', inferred: false };
  if (entry.url !== undefined || entry.serverUrl !== undefined)
    return { kind: 'http', inferred: true };
  throw new EntryError('needs a command (a local server) or a url (a remote one)');
}

function disabledReason(entry: Json): string | undefined {
  if (entry.disabled === true) return '"disabled": true';
  if (entry.enabled === false) return '"enabled": false';
  return undefined;
}

function unusedKeyWarnings(entry: Json, prefix: string): string[] {
  const ignored: string[] = [];
  const unknown: string[] = [];
  for (const key of Object.keys(entry)) {
    if (KNOWN_KEYS.has(key)) continue;
    if (key in IGNORED_KEYS) ignored.push(`${key} (${IGNORED_KEYS[key]})`);
    else unknown.push(key);
  }
  const warnings = ignored.map((text) => `${prefix}: ignored ${text}`);
  if (unknown.length)
    warnings.push(
      `${prefix}: unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.join(', ')} (ignored)`,
    );
  return warnings;
}

/** Reads one entry; `raw` is the value under the server's name. */
export function parseServerEntry(
  name: string,
  raw: unknown,
  source: EntrySource,
  context: ExpandContext,
): ParsedEntry {
  const prefix = `${source.file}: ${source.where}`;
  const fail = (error: string, warnings: string[] = []): ParsedEntry => ({
    ok: false,
    error: `${prefix}: ${error}`,
    warnings,
  });
  if (name.trim() === '') return fail('the server name is empty');
  if (!isObject(raw)) return fail('must be an object {"command", "args"} or {"type", "url"}');
  const warnings = unusedKeyWarnings(raw, prefix);
  try {
    const { kind, inferred } = transportOf(raw);
    const expander = new FieldExpander(context);
    const base = {
      name,
      scope: source.scope,
      file: source.file,
      ...optional('timeoutMs', timeoutField(raw, 'timeout')),
      ...optional('toolTimeoutMs', timeoutField(raw, 'toolTimeout')),
      ...optional('enabledTools', stringList(raw, 'enabledTools')),
      ...optional('disabledTools', stringList(raw, 'disabledTools')),
    };
    let config: McpServerConfig;
    if (kind === 'stdio') {
      const command = stringField(raw, 'command');
      if (!command) return fail('a stdio server needs a command', warnings);
      const cwd = stringField(raw, 'cwd');
      config = {
        ...base,
        transport: 'stdio',
        command: expander.expand(command, 'command'),
        args: (stringList(raw, 'args') ?? []).map((arg, i) => expander.expand(arg, `args[${i}]`)),
        env: expander.expandRecord(stringRecord(raw, 'env'), 'env'),
        ...(cwd ? { cwd: expander.expand(cwd, 'cwd') } : {}),
      };
    } else {
      const urlKey =
        raw.httpUrl !== undefined ? 'httpUrl' : raw.url !== undefined ? 'url' : 'serverUrl';
      const url = stringField(raw, urlKey);
      if (!url) return fail(`a ${kind} server needs a url`, warnings);
      const expandedUrl = expander.expand(url, urlKey);
      if (!expander.error && !isHttpUrl(expandedUrl))
        return fail(`${urlKey} must be an http:// or https:// URL, got "${expandedUrl}"`, warnings);
      const headersHelper = stringField(raw, 'headersHelper');
      const oauth = oauthField(raw);
      config = {
        ...base,
        transport: kind,
        url: expandedUrl,
        headers: expander.expandRecord(stringRecord(raw, 'headers'), 'headers'),
        ...(headersHelper ? { headersHelper } : {}),
        ...(oauth ? { oauth } : {}),
        ...(inferred ? { sseFallback: true } : {}),
      };
    }
    if (expander.error) return fail(expander.error, warnings);
    const disabled = disabledReason(raw);
    return { ok: true, config, warnings, ...(disabled ? { disabled } : {}) };
  } catch (error) {
    if (error instanceof EntryError) return fail(error.message, warnings);
    throw error;
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
