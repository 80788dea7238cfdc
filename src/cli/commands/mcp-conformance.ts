/**
 * `tick mcp conformance-client URL`: the entry the official MCP client conformance suite
 * drives (`npx @modelcontextprotocol/conformance client --command "tick mcp
 * conformance-client"`). It connects to the scenario's server the way a session does
 * (McpConnection, tick's transports, tick's OAuth login with its loopback listener), lists
 * the tools and calls each once with arguments made from its schema. The "browser" of a
 * login is a plain fetch of the authorization link (the suite's authorization server
 * answers at once with a redirect to tick's listener). Scenario context
 * (MCP_CONFORMANCE_CONTEXT) gives a pre-registered client where one applies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpConnection } from '../../mcp/connection';
import { MCP_DEFAULTS, type RemoteServerConfig } from '../../mcp/config-types';
import { loginToServer } from '../../mcp/login';
import type { McpCommandIO } from './mcp';

interface ScenarioContext {
  client_id?: string;
  client_secret?: string;
}

function scenarioContext(env: NodeJS.ProcessEnv): ScenarioContext {
  try {
    const parsed: unknown = JSON.parse(env.MCP_CONFORMANCE_CONTEXT ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as ScenarioContext) : {};
  } catch {
    return {};
  }
}

/** Arguments a schema accepts: each required property with a value of its type. */
export function sampleArguments(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<
    string,
    { type?: unknown; enum?: unknown[]; default?: unknown }
  >;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const args: Record<string, unknown> = {};
  for (const key of required) {
    const property = properties[key] ?? {};
    if (property.default !== undefined) args[key] = property.default;
    else if (property.enum?.length) args[key] = property.enum[0];
    else if (property.type === 'number' || property.type === 'integer') args[key] = 1;
    else if (property.type === 'boolean') args[key] = true;
    else if (property.type === 'array') args[key] = [];
    else if (property.type === 'object') args[key] = {};
    else args[key] = 'test';
  }
  return args;
}

/** The suite's authorization server redirects at once: following it is the user's "allow". */
async function followLink(url: string): Promise<boolean> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) return false;
  await fetch(new URL(location, url), { redirect: 'follow' });
  return true;
}

export async function runConformanceClient(args: string[], io: McpCommandIO): Promise<number> {
  const url = args[0];
  if (!url) {
    io.stderr('tick: conformance-client needs the server URL\n');
    return 2;
  }
  const env = process.env;
  const context = scenarioContext(env);
  const home = mkdtempSync(join(tmpdir(), 'tick-conformance-'));
  const config: RemoteServerConfig = {
    name: 'conformance',
    scope: 'flag',
    file: '--mcp-config',
    transport: 'http',
    url,
    headers: {},
    ...(context.client_id
      ? {
          oauth: {
            clientId: context.client_id,
            ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
          },
        }
      : {}),
  };
  const transportContext = { workspace: process.cwd(), home, env };
  const connection = new McpConnection(config, {
    context: transportContext,
    settings: MCP_DEFAULTS,
    roots: () => [process.cwd()],
    onChange: () => undefined,
    onNotice: (text) => io.stderr(`${text}\n`),
  });
  try {
    await connection.start();
    if (connection.status.state === 'needs-login') {
      await loginToServer(config, transportContext, {
        show: (link) => io.stderr(`login: ${link}\n`),
        open: followLink,
      });
      await connection.reconnect();
    }
    const ready = await connection.ready();
    io.stdout(`connected: ${ready.tools.length} tools\n`);
    for (const tool of ready.tools) {
      const result = await connection.call(
        tool.name,
        sampleArguments(tool.inputSchema as Record<string, unknown>),
        {
          signal: AbortSignal.timeout(30_000),
        },
      );
      io.stdout(`${tool.name}: ${result.isError ? 'error' : 'ok'}\n`);
    }
    return 0;
  } catch (error) {
    io.stderr(`tick: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await connection.stop();
    rmSync(home, { recursive: true, force: true });
  }
}
