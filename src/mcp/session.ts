/**
 * A session's MCP part, what the agent wiring needs of it: the hub started in the
 * background, the tools offered to the model now (every MCP tool, or the search tool and
 * what it loaded), a wait for servers still starting before a prompt's first request,
 * one-line notices for the user, and the servers stopped when the session ends.
 */
import type { McpSummary } from '../protocol/mcp-summary';
import type { Tool } from '../tools/types';
import { definitionTokens } from './cost';
import type { McpConfig } from './config-types';
import { McpHub, type ServerView } from './hub';
import { McpToolSearch, searchMode } from './tool-search';
import { promptCommands, runPromptCommand, type PromptCommand } from './prompts';
import { listResources, resourceLine, resourceTools } from './resources';

export interface McpSessionOptions {
  workspace: string;
  home: string;
  roots: () => readonly string[];
  /** The model's context window now, when known (tool search's share is of it). */
  windowTokens: () => number | undefined;
  interactive: boolean;
}

type Listener = (notice: string | undefined) => void;

export class McpSession {
  readonly hub: McpHub;
  private readonly search: McpToolSearch;
  private readonly resources = resourceTools(() => this.hub.readyConnections());
  private readonly listeners = new Set<Listener>();
  private readonly pending: string[] = [];
  private readonly told = new Map<string, string>();

  constructor(
    config: McpConfig,
    private readonly options: McpSessionOptions,
  ) {
    this.hub = new McpHub(config, {
      context: { workspace: options.workspace, home: options.home, env: process.env },
      roots: options.roots,
      onNotice: (text) => this.notice(text),
    });
    this.search = new McpToolSearch(
      () => this.hub.tools(),
      () => this.statusChanged(),
    );
    this.hub.subscribe(() => this.statusChanged());
  }

  /**
   * Starts the approved servers in the background. Project servers nobody approved wait:
   * the app asks about each (src/app/project-servers.ts); print mode, which cannot ask,
   * says which were not started and how to approve them.
   */
  start(): void {
    this.hub.start();
    const waiting = this.hub.pendingApprovals();
    if (waiting.length && !this.options.interactive) {
      const one = waiting.length === 1;
      this.notice(
        `.mcp.json ${one ? 'server' : 'servers'} ${waiting.join(', ')} not started: not approved yet (answer in the app, /mcp, or list ${one ? 'it' : 'them'} in enabledMcpjsonServers)`,
      );
    }
  }

  /** The MCP tools the model is offered now: all of them, or the search tool and what it loaded. */
  offered(): Tool[] {
    const all = this.hub.tools();
    const resources = this.resources.available() ? this.resources.tools : [];
    if (!searchMode(all, this.hub.config.settings, this.options.windowTokens()))
      return [...all, ...resources];
    return [this.search.tool, ...this.search.offered(), ...resources];
  }

  /** Every MCP tool by name, offered or not (a call by exact name works after a search). */
  callable(): Tool[] {
    return [this.search.tool, ...this.hub.tools(), ...this.resources.tools];
  }

  /** The prompts of the ready servers, as slash commands (`/mcp__server__prompt`). */
  prompts(): Promise<PromptCommand[]> {
    return promptCommands(this.hub.readyConnections());
  }

  /** `/mcp__server__prompt words...`: the prompt's text for the model; throws when unknown. */
  async runPrompt(command: string, argumentText: string): Promise<string> {
    const found = (await this.prompts()).find((prompt) => prompt.command === command);
    if (!found) throw new Error(`No MCP prompt ${command}. /mcp prompts lists them.`);
    return runPromptCommand(found, argumentText);
  }

  /** Every resource of the ready servers, one line each (`/mcp resources`). */
  async resourceLines(): Promise<string[]> {
    const lines: string[] = [];
    for (const connection of this.hub.readyConnections()) {
      if (!connection.capabilities?.resources) continue;
      for (const resource of await listResources(connection))
        lines.push(resourceLine(connection.config.name, resource));
    }
    return lines;
  }

  /** Waits for servers still starting (each at most its start timeout): before a prompt's first request. */
  settled(): Promise<void> {
    return this.hub.settled();
  }

  views(): ServerView[] {
    return this.hub.view();
  }

  /** The servers in figures, and what the MCP definitions offered now cost each request. */
  summary(): McpSummary {
    const count = (...states: ServerView['state'][]) =>
      views.filter((view) => states.includes(view.state)).length;
    const views = this.hub.view();
    const offered = this.offered();
    return {
      servers: views.length - count('disabled', 'rejected'),
      ready: count('ready'),
      starting: count('starting'),
      failed: count('failed', 'needs-login', 'invalid'),
      waiting: count('needs-approval'),
      tools: offered.length,
      tokens: definitionTokens(offered),
    };
  }

  /**
   * Notices (undefined: the servers' states or the tools offered changed) as they happen;
   * returns stop.
   */
  watch(listener: Listener): () => void {
    this.listeners.add(listener);
    for (const text of this.pending.splice(0)) listener(text);
    return () => this.listeners.delete(listener);
  }

  /** Notices said before anyone watched (print mode prints them). */
  takeNotices(): string[] {
    return this.pending.splice(0);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return this.hub.close();
  }

  private notice(text: string): void {
    if (this.listeners.size === 0) this.pending.push(text);
    for (const listener of this.listeners) listener(text);
  }

  /** A server that failed (or needs a login) is said once per reason, as one line. */
  private statusChanged(): void {
    for (const view of this.hub.view()) {
      const said =
        view.state === 'failed' || view.state === 'needs-login'
          ? `${view.state}:${view.reason}`
          : undefined;
      if (said && this.told.get(view.name) !== said) {
        this.told.set(view.name, said);
        this.notice(
          view.state === 'failed'
            ? `MCP server ${view.name} failed: ${view.reason} (/mcp reconnect ${view.name} tries again)`
            : `MCP server ${view.name} ${view.reason}`,
        );
      } else if (!said) this.told.delete(view.name);
    }
    for (const listener of this.listeners) listener(undefined);
  }
}
