/**
 * One server's connection through the official SDK client: start (bounded by the timeout),
 * its tools (every page; refreshed on `notifications/tools/list_changed`), calls (Esc sends
 * `notifications/cancelled` through the SDK), and its faults. A fault (a crash, a timeout at
 * start, a malformed message) is one line in the status and on the failed call; the next
 * use starts the server again. Sampling and elicitation requests are declined with a reason.
 */
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool as SdkTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig, McpSettings } from './config-types';
import { createTransport, type TransportContext } from './transports';
import { faultText, isLoginNeeded, isTransportRefusal } from './faults';
import { McpOAuthProvider, NeedsLoginError } from './oauth-provider';
import { AuthStore } from './oauth-store';
import { StdioTransport } from './stdio-transport';
import { serverLogFile } from './paths';
import { allPages } from './pages';
import { VERSION } from '../version';

export type McpToolInfo = SdkTool;

export type ServerStatus =
  | { state: 'starting' }
  | {
      state: 'ready';
      tools: McpToolInfo[];
      /** What the server calls itself (`serverInfo`). */
      server?: { name: string; version: string };
      instructions?: string;
    }
  | { state: 'needs-login'; reason: string }
  | { state: 'failed'; reason: string }
  | { state: 'stopped' };

export interface ConnectionDeps {
  context: TransportContext;
  settings: McpSettings;
  /** The workspace roots, offered to servers that ask (`roots/list`). */
  roots: () => readonly string[];
  /** The status changed (the hub redraws `/mcp`, refreshes the offered tools). */
  onChange: () => void;
  /** Something the user should read (a declined request). */
  onNotice: (text: string) => void;
  /** Makes the client; a test may wrap the SDK's. */
  makeClient?: () => Client;
}

/** A failed call: `message` is the one line the model and the card get. */
export class McpCallError extends Error {}

export class McpConnection {
  status: ServerStatus = { state: 'stopped' };
  private client: Client | undefined;
  private transport: Transport | undefined;
  private starting: Promise<void> | undefined;
  /** A fault the transport reported (a malformed line), which explains the close after it. */
  private fault: Error | undefined;
  private generation = 0;
  /** The tools of the last time it was ready: still offered after a crash, so the next call starts it again. */
  private lastTools: McpToolInfo[] = [];

  constructor(
    readonly config: McpServerConfig,
    private readonly deps: ConnectionDeps,
  ) {}

  /** What the model is offered: the tools now, or those it had before it failed. */
  get offeredTools(): McpToolInfo[] {
    return this.status.state === 'ready' ? this.status.tools : this.lastTools;
  }

  get timeoutMs(): number {
    return this.config.timeoutMs ?? this.deps.settings.timeoutMs;
  }

  /** Starts the server (again); resolves when it is ready or has failed. Never rejects. */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    const generation = ++this.generation;
    this.setStatus({ state: 'starting' });
    this.starting = this.connect(generation).finally(() => {
      if (this.generation === generation) this.starting = undefined;
    });
    return this.starting;
  }

  /** Ready to call: waits for a start under way, starts again after a failure. */
  async ready(): Promise<Extract<ServerStatus, { state: 'ready' }>> {
    if (this.status.state !== 'ready') await this.start();
    const status = this.status as ServerStatus;
    if (status.state === 'ready') return status;
    if (status.state === 'needs-login')
      throw new McpCallError(`${this.config.name} ${status.reason}`);
    const reason = status.state === 'failed' ? status.reason : 'it is not running';
    throw new McpCallError(`MCP server ${this.config.name} is not available: ${reason}`);
  }

  async reconnect(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async call(
    tool: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; onProgress?: (text: string) => void },
  ): Promise<CallToolResult> {
    await this.ready();
    const client = this.client;
    const transport = this.transport;
    if (!client) throw new McpCallError(`MCP server ${this.config.name} is not running`);
    const timeout = this.config.toolTimeoutMs ?? this.deps.settings.toolTimeoutMs;
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        signal: options.signal,
        timeout,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => {
          const total = progress.total ? `/${progress.total}` : '';
          const text = progress.message ? ` ${progress.message}` : '';
          options.onProgress?.(`[progress ${progress.progress}${total}]${text}\n`);
        },
      });
      return result as CallToolResult;
    } catch (error) {
      if (options.signal.aborted) throw error;
      if (error instanceof NeedsLoginError || isLoginNeeded(error)) {
        // The server wants (new) credentials: only the user can give them.
        const reason = new NeedsLoginError(this.config.name).message;
        if (this.client === client) this.setStatus({ state: 'needs-login', reason });
        throw new McpCallError(`MCP server ${this.config.name} ${reason}`);
      }
      const message = this.callFaultText(error, timeout, transport);
      // The connection itself broke (a crash, a malformed message): start afresh next time.
      if (this.client === client && !isRequestLevel(error)) await this.failWith(message);
      throw new McpCallError(`MCP server ${this.config.name}: ${message}`);
    }
  }

  /** What the running server offers (tools, prompts, resources); undefined unless ready. */
  get capabilities(): ReturnType<Client['getServerCapabilities']> {
    return this.status.state === 'ready' ? this.client?.getServerCapabilities() : undefined;
  }

  /**
   * One request other than a tool call (a prompt, a resource) on the ready server; its
   * fault is one line naming the server and `what`.
   */
  async request<T>(
    what: string,
    send: (client: Client, options: { timeout: number; signal?: AbortSignal }) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    await this.ready();
    const client = this.client;
    if (!client) throw new McpCallError(`MCP server ${this.config.name} is not running`);
    try {
      return await send(client, { timeout: this.timeoutMs, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new McpCallError(`MCP server ${this.config.name}: ${what} failed: ${reason}`);
    }
  }

  async stop(): Promise<void> {
    this.generation += 1;
    this.starting = undefined;
    const transport = this.transport;
    const client = this.client;
    this.client = undefined;
    this.transport = undefined;
    this.setStatus({ state: 'stopped' });
    try {
      await client?.close();
    } catch {
      // Closing what already broke.
    }
    await transport?.close().catch(() => undefined);
  }

  private async connect(generation: number): Promise<void> {
    this.fault = undefined;
    let transport: Transport | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new McpCallError(`did not start within ${Math.round(this.timeoutMs / 1000)} s`)),
          this.timeoutMs,
        );
      });
      const client = this.makeClient();
      const attempt = async (sse: boolean) => {
        transport = await createTransport(this.config, this.deps.context, {
          ...this.authProvider(),
          sse,
        });
        this.watch(transport, client, generation);
        await client.connect(transport, { timeout: this.timeoutMs });
      };
      await Promise.race([
        attempt(false).catch(async (error: unknown) => {
          // No `type` in the entry: an older server may speak only SSE.
          if (
            this.config.transport !== 'http' ||
            !this.config.sseFallback ||
            !isTransportRefusal(error)
          )
            throw error;
          await transport?.close().catch(() => undefined);
          await attempt(true);
        }),
        timedOut,
      ]);
      const tools = await Promise.race([this.listTools(client), timedOut]);
      if (generation !== this.generation) return;
      this.client = client;
      this.transport = transport;
      const server = client.getServerVersion();
      const instructions = client.getInstructions();
      this.setStatus({
        state: 'ready',
        tools,
        ...(server ? { server: { name: server.name, version: server.version } } : {}),
        ...(instructions ? { instructions } : {}),
      });
    } catch (error) {
      await transport?.close().catch(() => undefined);
      if (generation !== this.generation) return;
      if (error instanceof NeedsLoginError || isLoginNeeded(error)) {
        this.setStatus({
          state: 'needs-login',
          reason: new NeedsLoginError(this.config.name).message,
        });
        return;
      }
      this.setStatus({ state: 'failed', reason: this.startFaultText(error, transport) });
    } finally {
      clearTimeout(timer);
    }
  }

  private makeClient(): Client {
    const client =
      this.deps.makeClient?.() ??
      new Client(
        { name: 'tick', version: VERSION },
        { capabilities: { roots: { listChanged: false } } },
      );
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: this.deps
        .roots()
        .map((root) => ({ uri: pathToFileURL(root).href, name: basename(root) })),
    }));
    // What tick does not offer (sampling its model, elicitation forms) is declined, saying why.
    client.fallbackRequestHandler = (request) => {
      const what = DECLINED[request.method] ?? `${request.method} requests`;
      this.deps.onNotice(`MCP server ${this.config.name} asked for ${what}; tick declined`);
      // The SDK sends `message` as it is: a plain error keeps it free of McpError's prefix.
      const declined = Object.assign(new Error(`tick declines ${what}: it does not support them`), {
        code: ErrorCode.MethodNotFound,
      });
      return Promise.reject(declined);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
      this.refreshTools(client),
    );
    return client;
  }

  /** Faults after start: a crash or a malformed message ends the connection. */
  private watch(transport: Transport, client: Client, generation: number): void {
    client.onerror = (error) => {
      if (error.message.startsWith('sent ')) this.fault = error;
    };
    client.onclose = () => {
      if (generation !== this.generation || this.client !== client) return;
      void this.failWith(`${this.closeText(transport)}${this.logHint()}`);
    };
  }

  private async failWith(reason: string): Promise<void> {
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    this.generation += 1;
    this.starting = undefined;
    this.setStatus({ state: 'failed', reason });
    await client?.close().catch(() => undefined);
    await transport?.close().catch(() => undefined);
  }

  private async listTools(client: Client): Promise<McpToolInfo[]> {
    if (!client.getServerCapabilities()?.tools) return [];
    const tools = await allPages(async (cursor) => {
      const page = await client.listTools(cursor ? { cursor } : undefined, {
        timeout: this.timeoutMs,
      });
      return { items: page.tools, nextCursor: page.nextCursor };
    });
    return tools.filter((tool) => this.offered(tool.name));
  }

  private offered(name: string): boolean {
    const { enabledTools, disabledTools } = this.config;
    if (enabledTools && !enabledTools.includes(name)) return false;
    return !disabledTools?.includes(name);
  }

  private refreshTools(client: Client): void {
    if (this.client !== client || this.status.state !== 'ready') return;
    const ready = this.status;
    this.listTools(client).then(
      (tools) => {
        if (this.client === client) this.setStatus({ ...ready, tools });
      },
      (error: unknown) =>
        this.deps.onNotice(
          `MCP server ${this.config.name}: could not refresh its tools: ${faultText(error)}`,
        ),
    );
  }

  private authProvider(): { auth?: McpOAuthProvider } {
    if (this.config.transport === 'stdio') return {};
    const store = new AuthStore(this.deps.context.home, this.config.name, this.config.url);
    // Never logged in: a 401 says so, rather than a dynamic registration no one asked for.
    if (!store.hasTokens()) return {};
    return { auth: new McpOAuthProvider(this.config.name, store, this.config.oauth) };
  }

  private startFaultText(error: unknown, transport: Transport | undefined): string {
    if (this.fault) return this.fault.message;
    if (transport instanceof StdioTransport && transport.exit && !(error instanceof McpCallError))
      return `${transport.exit.toString()} before it was ready${this.logHint()}`;
    return faultText(error) + (this.config.transport === 'stdio' ? this.logHint() : '');
  }

  private callFaultText(error: unknown, timeout: number, transport: Transport | undefined): string {
    if (this.fault) return this.fault.message;
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
      return `no answer within ${Math.round(timeout / 1000)} s`;
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
      return `${this.closeText(transport)} during the call${this.logHint()}`;
    return faultText(error);
  }

  /** Why the connection closed: the fault that closed it, or how the process ended. */
  private closeText(transport: Transport | undefined): string {
    if (this.fault) return this.fault.message;
    if (transport instanceof StdioTransport && transport.exit) return transport.exit.toString();
    return 'the server closed the connection';
  }

  /** Where a stdio server's own words are, for a line about its failure. */
  private logHint(): string {
    if (this.config.transport !== 'stdio') return '';
    const { home, workspace } = this.deps.context;
    return ` (its stderr is in ${serverLogFile(home, workspace, this.config.name)})`;
  }

  private setStatus(status: ServerStatus): void {
    if (status.state === 'ready') this.lastTools = status.tools;
    this.status = status;
    this.deps.onChange();
  }
}

const DECLINED: Record<string, string> = {
  'sampling/createMessage': "sampling (a completion from tick's model)",
  'elicitation/create': 'elicitation (a form for the user)',
};

/** An error of one request (the server answered with an error): the connection is fine. */
function isRequestLevel(error: unknown): boolean {
  return (
    error instanceof McpError &&
    error.code !== ErrorCode.ConnectionClosed &&
    error.code !== ErrorCode.RequestTimeout
  );
}
