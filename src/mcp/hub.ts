/**
 * All of a session's MCP servers: starts the approved ones in the background (nothing
 * waits for them unless a request is about to be sent), keeps each one's state for
 * `/mcp` and `tick mcp list`, offers their tools as tick tools, reconnects one on demand,
 * asks about project servers, logs in, and stops every server when the session ends.
 */
import type { Tool } from '../tools/types';
import type { McpConfig, McpScope, McpServerConfig, McpTransportKind } from './config-types';
import { McpConnection, type ServerStatus } from './connection';
import { mcpTool } from './mcp-tool';
import { definitionTokens } from './cost';
import { saveProjectChoice, type ProjectAnswer } from './project-choices';
import { loginToServer, type LoginIo } from './login';
import type { TransportContext } from './transports';

export type ServerState =
  'needs-approval' | 'rejected' | 'disabled' | 'invalid' | ServerStatus['state'];

/** One server as `/mcp` and `tick mcp list` show it. */
export interface ServerView {
  name: string;
  scope: McpScope;
  file: string;
  transport?: McpTransportKind;
  /** The command line or the URL. */
  target?: string;
  state: ServerState;
  /** Why it is not running (failed, invalid, disabled, needs login). */
  reason?: string;
  /** Tools offered (ready servers). */
  tools: number;
  /** What its tool definitions cost in each request, estimated in tokens. */
  tokens: number;
}

export interface HubDeps {
  context: TransportContext;
  roots: () => readonly string[];
  /** Something the user should read (a declined request, a tool name taken twice). */
  onNotice?: (text: string) => void;
}

interface Slot {
  entry: McpConfig['servers'][number];
  connection?: McpConnection;
}

export class McpHub {
  private readonly slots: Slot[];
  private readonly listeners = new Set<() => void>();
  /** Each ready server's tools, rebuilt after any change. */
  private toolCache: Map<Slot, Tool[]> | undefined;
  private closed = false;

  constructor(
    readonly config: McpConfig,
    private readonly deps: HubDeps,
  ) {
    this.slots = config.servers.map((entry) => ({ entry }));
  }

  /** Starts every approved server that is not off; returns at once. */
  start(): void {
    for (const slot of this.slots) {
      const { entry } = slot;
      if (entry.ok && !entry.disabled && entry.approval === 'approved')
        void this.connection(slot).start();
    }
  }

  /** Project servers still waiting for the user's answer. */
  pendingApprovals(): string[] {
    return this.slots.flatMap(({ entry }) =>
      entry.ok && entry.approval === 'pending' && !entry.disabled ? [entry.config.name] : [],
    );
  }

  /** Records the answer for a project server (in the local settings) and starts it when approved. */
  async answerProject(name: string, answer: ProjectAnswer, workspace: string): Promise<string> {
    const file = await saveProjectChoice(workspace, name, answer);
    for (const slot of this.slots) {
      const { entry } = slot;
      if (!entry.ok || entry.config.scope !== 'mcpjson') continue;
      const applies =
        entry.config.name === name || (answer === 'approve-all' && entry.approval === 'pending');
      if (!applies) continue;
      entry.approval = answer === 'reject' ? 'rejected' : 'approved';
      if (entry.approval === 'approved' && !entry.disabled) void this.connection(slot).start();
    }
    this.changed();
    return file;
  }

  view(): ServerView[] {
    return this.slots.map((slot) => this.viewOf(slot));
  }

  /** Every ready server's tools, as tick tools (a name two tools would share goes to the first). */
  tools(): Tool[] {
    return [...this.toolsBySlot().values()].flat();
  }

  /** One server's tools (none unless it is ready). */
  toolsOf(name: string): Tool[] {
    return this.toolsBySlot().get(this.find(name)) ?? [];
  }

  private toolsBySlot(): Map<Slot, Tool[]> {
    if (this.toolCache) return this.toolCache;
    const seen = new Set<string>();
    const bySlot = new Map<Slot, Tool[]>();
    for (const slot of this.slots) {
      const connection = slot.connection;
      if (!connection) continue;
      const tools: Tool[] = [];
      for (const info of connection.offeredTools) {
        const tool: Tool = mcpTool(connection, info);
        if (seen.has(tool.name)) {
          this.deps.onNotice?.(
            `MCP tool ${info.name} of ${connection.config.name} is not offered: another tool is named ${tool.name}`,
          );
          continue;
        }
        seen.add(tool.name);
        tools.push(tool);
      }
      bySlot.set(slot, tools);
    }
    this.toolCache = bySlot;
    return bySlot;
  }

  /** The servers that are ready now, with what each offers (prompts, resources). */
  readyConnections(): McpConnection[] {
    return this.slots.flatMap(({ connection }) =>
      connection?.status.state === 'ready' ? [connection] : [],
    );
  }

  /** Waits (at most each server's own start timeout) for servers that are starting now. */
  async settled(): Promise<void> {
    await Promise.all(
      this.slots.map((slot) =>
        slot.connection?.status.state === 'starting' ? slot.connection.start() : undefined,
      ),
    );
  }

  /** True while some server is starting. */
  get starting(): boolean {
    return this.slots.some((slot) => slot.connection?.status.state === 'starting');
  }

  /** Stops and starts one server again (`/mcp reconnect NAME`). */
  async reconnect(name: string): Promise<ServerView> {
    const slot = this.find(name);
    const { entry } = slot;
    if (!entry.ok) throw new Error(`${name} cannot start: ${entry.error}`);
    if (entry.disabled)
      throw new Error(`${name} is off in ${entry.config.file} (${entry.disabled})`);
    if (entry.approval === 'pending')
      throw new Error(
        `${name} is a project server waiting for your approval: /mcp approve ${name}`,
      );
    if (entry.approval === 'rejected')
      throw new Error(
        `${name} was not approved (disabledMcpjsonServers); /mcp approve ${name} to use it`,
      );
    await this.connection(slot).reconnect();
    return this.viewOf(slot);
  }

  /** Logs in to a remote server, then connects it with the new tokens. */
  async login(name: string, io: LoginIo, signal?: AbortSignal): Promise<ServerView> {
    const slot = this.find(name);
    const { entry } = slot;
    if (!entry.ok) throw new Error(`${name} cannot start: ${entry.error}`);
    if (entry.config.transport === 'stdio')
      throw new Error(`${name} runs locally (stdio): there is nothing to log in to`);
    await loginToServer(entry.config, this.deps.context, io, signal ? { signal } : {});
    if (entry.approval === 'approved' && !entry.disabled) await this.connection(slot).reconnect();
    return this.viewOf(slot);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops every server (their process groups die with them). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.connection?.stop()));
  }

  private find(name: string): Slot {
    const slot = this.slots.find(
      ({ entry }) => (entry.ok ? entry.config.name : entry.name) === name,
    );
    if (!slot) {
      const known = this.slots.map(({ entry }) => (entry.ok ? entry.config.name : entry.name));
      throw new Error(
        `no MCP server named ${name}${known.length ? ` (configured: ${known.join(', ')})` : ''}`,
      );
    }
    return slot;
  }

  private connection(slot: Slot): McpConnection {
    if (slot.connection) return slot.connection;
    if (!slot.entry.ok) throw new Error('a server whose entry is invalid has no connection');
    slot.connection = new McpConnection(slot.entry.config, {
      context: this.deps.context,
      settings: this.config.settings,
      roots: this.deps.roots,
      onChange: () => this.changed(),
      onNotice: (text) => this.deps.onNotice?.(text),
    });
    return slot.connection;
  }

  private changed(): void {
    this.toolCache = undefined;
    if (this.closed) return;
    for (const listener of this.listeners) listener();
  }

  private viewOf(slot: Slot): ServerView {
    const { entry } = slot;
    if (!entry.ok)
      return {
        name: entry.name,
        scope: entry.scope,
        file: entry.file,
        state: 'invalid',
        reason: entry.error,
        tools: 0,
        tokens: 0,
      };
    const { config } = entry;
    const base = {
      name: config.name,
      scope: config.scope,
      file: config.file,
      transport: config.transport,
      target: targetOf(config),
      tools: 0,
      tokens: 0,
    };
    if (entry.disabled)
      return { ...base, state: 'disabled', reason: `off in ${config.file} (${entry.disabled})` };
    if (entry.approval === 'pending') return { ...base, state: 'needs-approval' };
    if (entry.approval === 'rejected')
      return { ...base, state: 'rejected', reason: 'not approved (disabledMcpjsonServers)' };
    const status = slot.connection?.status ?? { state: 'stopped' };
    switch (status.state) {
      case 'ready': {
        const tools = this.toolsBySlot().get(slot) ?? [];
        return { ...base, state: 'ready', tools: tools.length, tokens: definitionTokens(tools) };
      }
      case 'failed':
      case 'needs-login':
        return { ...base, state: status.state, reason: status.reason };
      case 'starting':
      case 'stopped':
        return { ...base, state: status.state };
    }
  }
}

function targetOf(config: McpServerConfig): string {
  return config.transport === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
}
