/**
 * A transport for one server: stdio (tick's own, stdio-transport.ts), streamable HTTP or
 * the older SSE (the SDK's), with the configured headers, the headers a `headersHelper`
 * prints, and OAuth when the server was logged in to.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpServerConfig, RemoteServerConfig } from './config-types';
import { StdioTransport } from './stdio-transport';
import { serverLogFile } from './paths';

export interface TransportContext {
  workspace: string;
  home: string;
  env: NodeJS.ProcessEnv;
}

const HELPER_TIMEOUT_MS = 10_000;

/** Runs a `headersHelper` command: its stdout must be a JSON object of header values. */
export function runHeadersHelper(
  config: RemoteServerConfig & { headersHelper: string },
  context: TransportContext,
): Promise<Record<string, string>> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      '/bin/sh',
      ['-c', config.headersHelper],
      {
        cwd: context.workspace,
        timeout: HELPER_TIMEOUT_MS,
        env: {
          ...context.env,
          TICK_MCP_SERVER_NAME: config.name,
          TICK_MCP_SERVER_URL: config.url,
          // Helpers written for Claude Code read these.
          CLAUDE_CODE_MCP_SERVER_NAME: config.name,
          CLAUDE_CODE_MCP_SERVER_URL: config.url,
        },
      },
      (error, stdout, stderr) => {
        if (error) {
          const why = stderr.trim().split('\n')[0] || error.message;
          reject(new Error(`headersHelper failed: ${why}`));
          return;
        }
        try {
          const value: unknown = JSON.parse(stdout);
          if (typeof value !== 'object' || value === null || Array.isArray(value))
            throw new Error();
          const headers: Record<string, string> = {};
          for (const [name, item] of Object.entries(value)) {
            if (typeof item !== 'string') throw new Error();
            headers[name] = item;
          }
          resolvePromise(headers);
        } catch {
          reject(
            new Error('headersHelper must print a JSON object of header names to string values'),
          );
        }
      },
    );
  });
}

export async function createTransport(
  config: McpServerConfig,
  context: TransportContext,
  options: { auth?: OAuthClientProvider; sse?: boolean } = {},
): Promise<Transport> {
  if (config.transport === 'stdio') {
    return new StdioTransport({
      name: config.name,
      command: config.command,
      args: config.args,
      env: config.env,
      cwd: config.cwd ? resolve(context.workspace, config.cwd) : context.workspace,
      logFile: serverLogFile(context.home, context.workspace, config.name),
    });
  }
  const helped = config.headersHelper
    ? await runHeadersHelper({ ...config, headersHelper: config.headersHelper }, context)
    : {};
  const requestInit: RequestInit = { headers: { ...config.headers, ...helped } };
  const url = new URL(config.url);
  const auth = options.auth ? { authProvider: options.auth } : {};
  if (config.transport === 'sse' || options.sse) {
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
    return new SSEClientTransport(url, { requestInit, ...auth });
  }
  const { StreamableHTTPClientTransport } =
    await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(url, { requestInit, ...auth });
}
