/**
 * Real MCP servers for the tests: the reference servers from npm (installed as dev
 * dependencies) and test/fixtures/mcp/fault-server.mjs, which misbehaves on request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpConfig, McpServerConfig, McpSettings } from '../../src/mcp/config-types';
import { MCP_DEFAULTS } from '../../src/mcp/config-types';

const require = createRequire(import.meta.url);

function packageMain(name: string): string {
  return join(dirname(require.resolve(`${name}/package.json`)), 'dist', 'index.js');
}

export const EVERYTHING = packageMain('@modelcontextprotocol/server-everything');
export const FILESYSTEM = packageMain('@modelcontextprotocol/server-filesystem');
export const MEMORY = packageMain('@modelcontextprotocol/server-memory');
export const FAULT_SERVER = fileURLToPath(
  new URL('../fixtures/mcp/fault-server.mjs', import.meta.url),
);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface HttpServer {
  url: string;
  child: ChildProcess;
  close: () => Promise<void>;
}

/** server-everything over streamable HTTP (`/mcp`) or the older SSE (`/sse`), on a free port. */
export async function startEverythingHttp(kind: 'streamableHttp' | 'sse'): Promise<HttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, kind], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(
      () => reject(new Error(`server-everything ${kind} did not start: ${said}`)),
      15_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening on port|running on port/i.test(said)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${said}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/${kind === 'sse' ? 'sse' : 'mcp'}`,
    child,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A stdio server entry as the config loader would give it. */
export function stdioServer(
  name: string,
  args: string[],
  extra: Partial<Extract<McpServerConfig, { transport: 'stdio' }>> = {},
): McpServerConfig {
  return {
    name,
    scope: 'local',
    file: 'test',
    transport: 'stdio',
    command: process.execPath,
    args,
    env: {},
    ...extra,
  };
}

export function remoteServer(
  name: string,
  url: string,
  transport: 'http' | 'sse' = 'http',
): McpServerConfig {
  return { name, scope: 'local', file: 'test', transport, url, headers: {} };
}

export function mcpConfig(
  servers: McpServerConfig[],
  settings: Partial<McpSettings> = {},
): McpConfig {
  return {
    servers: servers.map((config) => ({ ok: true, config, approval: 'approved' })),
    settings: { ...MCP_DEFAULTS, ...settings },
    warnings: [],
  };
}
