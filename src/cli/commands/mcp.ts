/**
 * `tick mcp ...`: MCP servers from the shell, as `claude mcp ...` does it: list (each
 * server started and checked), get NAME, add, add-json, remove, login, logout,
 * reset-project-choices.
 */
import { parseArgs } from 'node:util';
import { resolveConfig } from '../../config/resolve';
import type { Config } from '../../config/types';
import { ConfigError } from '../../config/errors';
import type { McpServerEntry } from '../../mcp/config-types';
import { SCOPE_NAMES } from '../../mcp/config-types';
import {
  addServer,
  ConfigEditError,
  EDIT_SCOPES,
  removeServer,
  scopeFile,
  serverNamesIn,
  type EditScope,
} from '../../mcp/config-edit';
import { parseServerEntry } from '../../mcp/config-entry';
import { McpHub, type ServerView } from '../../mcp/hub';
import { AuthStore } from '../../mcp/oauth-store';
import { serverLogFile } from '../../mcp/paths';
import { serverLine, stateText, totalLine } from '../../mcp/server-text';
import { editSettingsFile } from '../../config/settings-edit';
import { localPath } from '../../config/local-rules';
import { saveProjectChoice } from '../../mcp/project-choices';
import { processIO, type CommandIO } from './io';

/** Where `tick mcp` writes: the process's streams, or a test's. */
export type McpCommandIO = CommandIO;

class McpUsageError extends Error {}

export const MCP_HELP = `Usage: tick mcp COMMAND

  list                          every configured server, started and checked
  get NAME                      one server: where it is configured, how it runs, its tools
  add [options] NAME -- COMMAND [ARGS...]    a local (stdio) server
  add [options] -t http|sse NAME URL         a remote server
  add-json [-s SCOPE] NAME JSON              a server from its JSON entry
  remove [-s SCOPE] NAME        remove a server
  login NAME                    log in to a remote server (OAuth; the link is printed)
  logout NAME                   forget a remote server's tokens
  reset-project-choices         forget which .mcp.json servers you approved or refused

Options of add:
  -s, --scope local|project|user   local: .tick/settings.local.json (default, yours alone);
                                   project: .mcp.json (shared); user: $TICK_HOME/settings.json
  -t, --transport stdio|http|sse   default stdio
  -e, --env KEY=VALUE              environment of a stdio server (repeatable)
  -H, --header "Name: value"       header of a remote server (repeatable)
  --client-id ID, --client-secret SECRET, --callback-port N   a pre-registered OAuth client
`;

export async function runMcpCommand(args: string[], io: McpCommandIO = processIO): Promise<number> {
  const [action, ...rest] = args;
  try {
    switch (action) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(MCP_HELP);
        return action === undefined ? 2 : 0;
      case 'list':
        return await list(await config(), io);
      case 'get':
        return await get(await config(), one(rest, 'get'), io);
      case 'add':
        return await add(rest, io);
      case 'add-json':
        return await addJson(rest, io);
      case 'remove':
        return await remove(rest, io);
      case 'login':
        return await login(await config(), one(rest, 'login'), io);
      case 'logout':
        return await logout(await config(), one(rest, 'logout'), io);
      case 'reset-project-choices':
        return await resetChoices(io);
      case 'conformance-client': {
        // The entry the official conformance suite drives (README, "MCP").
        const { runConformanceClient } = await import('./mcp-conformance');
        return await runConformanceClient(rest, io);
      }
      default:
        throw new McpUsageError(`unknown mcp command '${action}' (tick mcp --help)`);
    }
  } catch (error) {
    if (error instanceof McpUsageError) {
      io.stderr(`tick: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ConfigEditError || error instanceof ConfigError) {
      io.stderr(`tick: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function config(): Promise<Config> {
  return resolveConfig({}, process.env, process.cwd());
}

function one(args: string[], action: string): string {
  if (args.length !== 1 || args[0].startsWith('-'))
    throw new McpUsageError(`tick mcp ${action} takes one server name`);
  return args[0];
}

function hubFor(config: Config): McpHub | undefined {
  if (!config.mcp) return undefined;
  return new McpHub(config.mcp, {
    context: { workspace: config.cwd, home: config.home, env: process.env },
    roots: () => [config.cwd, ...config.addDirs],
  });
}

async function list(config: Config, io: McpCommandIO): Promise<number> {
  const hub = hubFor(config);
  if (!hub || hub.view().length === 0) {
    io.stdout('No MCP servers configured. Add one with `tick mcp add`, or in .mcp.json.\n');
    return 0;
  }
  io.stdout('Checking MCP servers...\n\n');
  hub.start();
  await hub.settled();
  const views = hub.view();
  for (const view of views) io.stdout(`${serverLine(view)}\n`);
  io.stdout(`\n${totalLine(views)}\n`);
  await hub.close();
  return 0;
}

function entryOf(config: Config, name: string): McpServerEntry | undefined {
  return config.mcp?.servers.find((entry) => (entry.ok ? entry.config.name : entry.name) === name);
}

function unknownServer(config: Config, name: string, io: McpCommandIO): number {
  const names =
    config.mcp?.servers.map((entry) => (entry.ok ? entry.config.name : entry.name)) ?? [];
  io.stderr(
    `tick: no MCP server named ${name}${names.length ? ` (configured: ${names.join(', ')})` : ''}\n`,
  );
  return 1;
}

/** Header values often are secrets: shown by name only. */
function described(entry: Extract<McpServerEntry, { ok: true }>, config: Config): string[] {
  const server = entry.config;
  const lines = [
    `  Scope: ${SCOPE_NAMES[server.scope]} (${server.file})`,
    `  Type: ${server.transport}`,
  ];
  if (server.transport === 'stdio') {
    lines.push(`  Command: ${server.command}`, `  Args: ${server.args.join(' ')}`);
    const env = Object.keys(server.env);
    if (env.length) lines.push(`  Environment: ${env.join(', ')}`);
    if (server.cwd) lines.push(`  Folder: ${server.cwd}`);
    lines.push(`  Log (stderr): ${serverLogFile(config.home, config.cwd, server.name)}`);
  } else {
    lines.push(`  URL: ${server.url}`);
    const headers = Object.keys(server.headers);
    if (headers.length) lines.push(`  Headers: ${headers.join(', ')}`);
    if (server.headersHelper) lines.push(`  Headers helper: ${server.headersHelper}`);
    const store = new AuthStore(config.home, server.name, server.url);
    lines.push(
      `  OAuth: ${store.hasTokens() ? `logged in (tokens in ${store.file})` : 'not logged in'}`,
    );
  }
  return lines;
}

async function get(config: Config, name: string, io: McpCommandIO): Promise<number> {
  const entry = entryOf(config, name);
  if (!entry) return unknownServer(config, name, io);
  io.stdout(`${name}:\n`);
  if (!entry.ok) {
    io.stdout(`  ${entry.error}\n`);
    return 1;
  }
  for (const line of described(entry, config)) io.stdout(`${line}\n`);
  const hub = hubFor(config)!;
  hub.start();
  await hub.settled();
  const view = hub.view().find((server) => server.name === name) as ServerView;
  io.stdout(`  Status: ${stateText(view)}\n`);
  if (view.state === 'ready') {
    io.stdout('  Tools:\n');
    for (const tool of hub.toolsOf(name))
      io.stdout(`    ${tool.name}  ${firstLine(tool.description)}\n`);
  }
  await hub.close();
  return view.state === 'ready' ? 0 : 1;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0].trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

const ADD_OPTIONS = {
  scope: { type: 'string', short: 's' },
  transport: { type: 'string', short: 't' },
  env: { type: 'string', short: 'e', multiple: true },
  header: { type: 'string', short: 'H', multiple: true },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'callback-port': { type: 'string' },
} as const;

function scopeOf(value: string | undefined): EditScope {
  const scope = (value ?? 'local') as EditScope;
  if (!EDIT_SCOPES.includes(scope))
    throw new McpUsageError(`--scope must be local, project or user, got '${value}'`);
  return scope;
}

function parseAddArgs(args: string[]) {
  const cut = args.indexOf('--');
  const own = cut < 0 ? args : args.slice(0, cut);
  const passed = cut < 0 ? [] : args.slice(cut + 1);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options: ADD_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new McpUsageError(
      `${(error as Error).message} (put -- before the server's command and its options)`,
    );
  }
  return { values: parsed.values, positionals: [...parsed.positionals, ...passed] };
}

function pairs(
  values: string[] | undefined,
  separator: string,
  what: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values ?? []) {
    const at = value.indexOf(separator);
    if (at <= 0)
      throw new McpUsageError(
        `${what} must be written ${separator === '=' ? 'KEY=VALUE' : '"Name: value"'}, got '${value}'`,
      );
    out[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return out;
}

async function add(args: string[], io: McpCommandIO): Promise<number> {
  const { values, positionals } = parseAddArgs(args);
  const [name, target, ...serverArgs] = positionals;
  if (!name || !target)
    throw new McpUsageError('tick mcp add needs a name and a command (or a URL with -t http)');
  const transport = values.transport ?? 'stdio';
  if (!['stdio', 'http', 'sse'].includes(transport))
    throw new McpUsageError(`--transport must be stdio, http or sse, got '${transport}'`);
  let entry: Record<string, unknown>;
  if (transport === 'stdio') {
    if (values.header?.length)
      throw new McpUsageError('--header is for remote servers (-t http or sse)');
    entry = {
      type: 'stdio',
      command: target,
      args: serverArgs,
      env: pairs(values.env, '=', '--env'),
    };
  } else {
    if (serverArgs.length)
      throw new McpUsageError(
        `a remote server takes a URL only, got extra words: ${serverArgs.join(' ')}`,
      );
    if (values.env?.length) throw new McpUsageError('--env is for local (stdio) servers');
    const oauth = {
      ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
      ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
      ...(values['callback-port'] ? { callbackPort: Number(values['callback-port']) } : {}),
    };
    entry = {
      type: transport,
      url: target,
      ...(values.header?.length ? { headers: pairs(values.header, ':', '--header') } : {}),
      ...(Object.keys(oauth).length ? { oauth } : {}),
    };
  }
  return save(scopeOf(values.scope), name, entry, io);
}

async function addJson(args: string[], io: McpCommandIO): Promise<number> {
  const { values, positionals } = parseAddArgs(args);
  const [name, json, ...extra] = positionals;
  if (!name || !json || extra.length)
    throw new McpUsageError('tick mcp add-json takes a name and one JSON object');
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch (error) {
    throw new McpUsageError(`the JSON is not valid: ${(error as Error).message}`);
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new McpUsageError(
      'the JSON must be an object, e.g. {"command": "npx", "args": ["-y", "server"]}',
    );
  return save(scopeOf(values.scope), name, entry as Record<string, unknown>, io);
}

/** Checks the entry as it will be read (variables need not be set yet), then writes it. */
async function save(
  scope: EditScope,
  name: string,
  entry: Record<string, unknown>,
  io: McpCommandIO,
): Promise<number> {
  const workspace = process.cwd();
  const config = await resolveConfig({}, process.env, workspace);
  const file = scopeFile(scope, config.cwd, config.home);
  // Every variable reads as set: one that is not set yet is the user's to set before the start.
  const anyVariable = new Proxy(
    {},
    { get: (_target, key) => (typeof key === 'string' ? 'set' : undefined) },
  );
  const checked = parseServerEntry(
    name,
    entry,
    { scope: 'local', file, where: `mcpServers.${name}` },
    {
      env: anyVariable,
      workspace: config.cwd,
    },
  );
  if (!checked.ok) throw new McpUsageError(checked.error.replace(`${file}: `, ''));
  await addServer(scope, file, name, entry);
  io.stdout(
    `Added ${checked.config.transport} MCP server ${name} to ${SCOPE_NAMES[scope === 'project' ? 'mcpjson' : scope]} (${file})\n`,
  );
  if (scope === 'project') {
    // You added it: your answer is yes. Others who open the project are asked.
    await saveProjectChoice(config.cwd, name, 'approve');
    io.stdout('Others who open this project will be asked before it starts.\n');
  }
  return 0;
}

async function remove(args: string[], io: McpCommandIO): Promise<number> {
  const { values, positionals } = parseAddArgs(args);
  if (positionals.length !== 1) throw new McpUsageError('tick mcp remove takes one server name');
  const [name] = positionals;
  const config = await resolveConfig({}, process.env, process.cwd());
  const scopes = values.scope
    ? [scopeOf(values.scope)]
    : EDIT_SCOPES.filter((scope) =>
        serverNamesIn(scope, scopeFile(scope, config.cwd, config.home)).includes(name),
      );
  if (scopes.length === 0) {
    io.stderr(
      `tick: no MCP server named ${name} in ${values.scope ? scopeFile(scopeOf(values.scope), config.cwd, config.home) : 'the local, project or user configuration'}\n`,
    );
    return 1;
  }
  if (scopes.length > 1) {
    io.stderr(
      `tick: ${name} is configured in several scopes (${scopes.join(', ')}); say which with -s\n`,
    );
    return 1;
  }
  const file = scopeFile(scopes[0], config.cwd, config.home);
  if (!(await removeServer(scopes[0], file, name))) {
    io.stderr(`tick: no MCP server named ${name} in ${file}\n`);
    return 1;
  }
  io.stdout(`Removed MCP server ${name} from ${file}\n`);
  return 0;
}

async function login(config: Config, name: string, io: McpCommandIO): Promise<number> {
  const entry = entryOf(config, name);
  if (!entry) return unknownServer(config, name, io);
  const hub = hubFor(config)!;
  try {
    const view = await hub.login(name, {
      show: (url, opened) =>
        io.stdout(
          `${opened ? 'Your browser should open at' : 'Open this link in a browser on this machine'} to log in to ${name}:\n\n  ${url}\n\nWaiting for the browser to come back...\n`,
        ),
    });
    io.stdout(`Logged in to ${name}: ${stateText(view)}\n`);
    return 0;
  } catch (error) {
    io.stderr(`tick: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await hub.close();
  }
}

async function logout(config: Config, name: string, io: McpCommandIO): Promise<number> {
  const entry = entryOf(config, name);
  if (!entry) return unknownServer(config, name, io);
  if (!entry.ok || entry.config.transport === 'stdio') {
    io.stderr(`tick: ${name} is not a remote server\n`);
    return 1;
  }
  const store = new AuthStore(config.home, name, entry.config.url);
  const had = store.hasTokens();
  store.clear();
  io.stdout(
    had ? `Logged out of ${name} (removed ${store.file})\n` : `${name} had no saved login\n`,
  );
  return 0;
}

async function resetChoices(io: McpCommandIO): Promise<number> {
  const config = await resolveConfig({}, process.env, process.cwd());
  const file = localPath(config.cwd);
  const changed = await editSettingsFile(file, 'the choices were not reset', (settings) => {
    const keys = ['enableAllProjectMcpServers', 'enabledMcpjsonServers', 'disabledMcpjsonServers'];
    if (!keys.some((key) => key in settings)) return undefined;
    return Object.fromEntries(Object.entries(settings).filter(([key]) => !keys.includes(key)));
  });
  io.stdout(
    changed
      ? `Forgot the project-server choices in ${file}; you will be asked again.\n`
      : 'There were no project-server choices to forget.\n',
  );
  return 0;
}
