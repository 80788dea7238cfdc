import type { ItemGrant } from '../permissions/item-grants';
import type { AgentEvent } from '../protocol/events';
import type { PermissionMode, SandboxMode } from '../permissions/types';
import type { Todo } from '../protocol/todos';
import type { McpSession } from '../mcp/session';

/** The part of a session's MCP servers the app uses (`/mcp`, its notices). */
export type McpPort = Pick<
  McpSession,
  'watch' | 'views' | 'summary' | 'hub' | 'prompts' | 'runPrompt' | 'resourceLines'
>;
import type { UserCommandInfo } from '../protocol/user-commands';
import type {
  RewindChoice,
  RewindPreview,
  RewindRequest,
  UndoPreview,
} from '../protocol/checkpoints';
import type { DoctorReport } from '../model/doctor/types';

export interface PermissionRuleEntry {
  source: string;
  list: 'allow' | 'ask' | 'deny';
  rule: string;
}

/** The part of the permission policy the app uses. */
export interface SessionPolicy {
  readonly mode: PermissionMode;
  /** Some bash calls run in the sandbox; `sandbox.mode` is the setting. */
  readonly sandboxInUse?: boolean;
  readonly sandbox?: { readonly mode: SandboxMode };
  setMode(mode: PermissionMode): void;
  cycleMode(): PermissionMode;
  listRules(): PermissionRuleEntry[];
  removeRule(rule: string): boolean;
}

/** The session's checkpoints as /rewind reads them (the points, and what going back would do). */
export interface SessionCheckpointsView {
  /** Why rewind cannot be used in this session; undefined when it can. */
  readonly off: string | undefined;
  choices(): Promise<RewindChoice[]>;
  preview(pointId: number): Promise<RewindPreview>;
  /** `#3`: what undoing that plan item alone would do. */
  undoPreview(item: string): Promise<UndoPreview>;
  /** Plan items whose changes are undone now (`todo:<content>`, `task:<id>`). */
  undoneItems?(): Promise<string[]>;
}

/**
 * What the app needs from the agent (src/agent/agent.ts satisfies it). Declared here
 * so the store depends on a shape, and tests can drive the app with a fake.
 */
export interface SessionAgent {
  readonly model: string;
  readonly demo: boolean;
  readonly cwd: string;
  readonly policy: SessionPolicy;
  /** What the user should know from the start (the sandbox cannot run here). */
  readonly notices?: readonly string[];
  todos(): Todo[];
  /** The task list the session uses; undefined when it plans with todo_write. */
  readonly taskListId?: string;
  /**
   * Follows the task list on disk: `listener` gets a tasks_updated event now and whenever
   * another process changes the list. Returns the function that stops it.
   */
  watchTasks?(listener: (event: AgentEvent) => void): () => void;
  run(prompt: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** "Allow for this item" grants in force (/permissions lists them). */
  itemGrants?(): Promise<readonly ItemGrant[]>;
  /** /compact [focus]: summarise the older history now; ends with turn_end. */
  compact?(focus: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** The points /rewind goes back to; absent when the agent keeps none. */
  readonly checkpoints?: SessionCheckpointsView;
  /** /rewind, /undo: puts files (and, when chosen, the conversation) back; ends with turn_end. */
  rewind?(request: RewindRequest, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** How full the context is (for the status line when a session is resumed). */
  contextUsage?(): { tokens: number; window?: number };
  /**
   * What the session found wrong while starting (a setup file's warnings, a SessionStart
   * hook's error), taken to show at once; otherwise they come with the first answer.
   */
  takeNotices?(): string[];
  /** The user's slash commands and skills (and /init): typed, they run as prompts. */
  userCommands?(): readonly UserCommandInfo[];
  /** /memory: the instruction files loaded so far, and the problems found in them. */
  memory?(): string;
  reset(): void;
  setModel(name: string): void;
  /** The session's MCP servers, when any is configured. */
  readonly mcp?: McpPort;
  /** `/doctor`: checks the configured model server as `tick doctor` does. */
  doctor?(signal?: AbortSignal): Promise<DoctorReport>;
  /** Ctrl+C in a subagent's view: stops that child alone; false when it no longer runs. */
  stopSubagent?(agentId: string): boolean;
  /** `prompt_input_exit`: the user quit (Claude Code's SessionEnd reason); else `other`. */
  close(reason?: 'prompt_input_exit' | 'other'): Promise<void>;
}
