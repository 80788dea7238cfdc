import type { RuleSourceInput } from '../permissions/policy-types';
import type { PermissionMode, SandboxMode } from '../permissions/types';
import type { CommandHookSettings } from '../hooks/hook-settings';
import type { McpConfig } from '../mcp/config-types';

export interface PermissionRules {
  allow: string[];
  ask: string[];
  deny: string[];
}

/** Everything resolved from defaults < user settings < project settings < env < flags. */
export interface Config {
  /** Workspace root, a real path. */
  cwd: string;
  /** Extra roots from --add-dir (real paths). */
  addDirs: string[];
  /** TICK_HOME, default ~/.tick. */
  home: string;
  model: string;
  baseURL?: string;
  apiKey?: string;
  /** No model configured: run the built-in demo model. */
  demo: boolean;
  /** The demo's pause between streamed chunks, in ms (TICK_DEMO_PACE_MS; else its own pace). */
  demoPaceMs?: number;
  idleTimeoutMs: number;
  maxRetries: number;
  /** Model requests per prompt from --max-turns or settings; unset: no cap in the app, 100 in print mode. */
  maxTurns?: number;
  /** Tool rounds without todo_write before the reminder; 0 turns it off. */
  reminderRounds: number;
  /** The model's context window in tokens, when configured (else asked from the server). */
  contextWindow?: number;
  /**
   * Turn tool calls a model wrote as text (Hermes tags, Llama JSON, Mistral tokens, ...)
   * into real calls: setting `model.recoverToolCalls`, TICK_RECOVER_TOOL_CALLS (default on).
   */
  recoverToolCalls?: boolean;
  /** Compact the history before a request that would fill more than this share of the window. */
  compactThreshold: number;
  permissionMode: PermissionMode;
  permissions: PermissionRules;
  /** The same rules by origin (user, project, local settings, flags), for `/path` and messages. */
  ruleSources?: RuleSourceInput[];
  /** Settings forbid bypassPermissions (Claude Code's disableBypassPermissionsMode). */
  disableBypassPermissionsMode?: boolean;
  hooks: CommandHookSettings;
  /** When bash runs in bubblewrap: auto (default), always, off. */
  sandbox: SandboxMode;
  /**
   * Plan with the task tools (true) or todo_write (false); undefined when nothing chose, and
   * then todo_write unless a resumed session used tasks.
   */
  tasks?: boolean;
  /** TICK_TASK_LIST_ID: the task list to share (default: the session's own). */
  taskListId?: string;
  /** Subagents (the `agent` tool); defaults apply when absent (AGENTS_DEFAULTS). */
  agents?: AgentsConfig;
  /** When tick waits for you (settings `notifications`); both on unless turned off. */
  notifications?: { bell: boolean; desktop: boolean; idleMs?: number };
  /** MCP servers (settings, `.mcp.json`, `--mcp-config`); absent when none is configured. */
  mcp?: McpConfig;
  /** Snapshots before calls, for /rewind; defaults apply when absent (CHECKPOINTS_DEFAULTS). */
  checkpoints?: CheckpointsConfig;
  /** Non-fatal settings problems to show the user (unknown keys, rules that cannot apply, ...). */
  warnings?: string[];
}

/** Settings `agents.*`: how the `agent` tool runs its children. */
export interface AgentsConfig {
  /** Model requests per child before it stops with an error. */
  maxTurns: number;
  /** Children of one assistant turn running at once. */
  maxParallel: number;
  /** The model children use; the session's model when absent. */
  model?: string;
  /** The model the explore agent type uses; `model` (or the session's) when absent. */
  exploreModel?: string;
}

export const AGENTS_DEFAULTS: AgentsConfig = { maxTurns: 50, maxParallel: 4 };

/** Settings `checkpoints.*` (and TICK_CHECKPOINTS): snapshots of the roots before calls. */
export interface CheckpointsConfig {
  enabled: boolean;
  /** Files larger than this are named but not kept (a rewind cannot restore them). */
  maxFileBytes: number;
  /** A root with more files than this (outside .gitignore) gets no snapshots. */
  maxFiles: number;
  /** Watch folders so a snapshot reads only what changed (false: scan the roots each time). */
  watch: boolean;
}

export const CHECKPOINTS_DEFAULTS: CheckpointsConfig = {
  enabled: true,
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 100_000,
  watch: true,
};
