import type { ItemGrant } from '../permissions/item-grants';
import type { AgentEvent } from '../protocol/events';
import type { PermissionMode } from '../permissions/types';
import type { Todo } from '../protocol/todos';
import type { DoctorReport } from '../model/doctor/types';

export interface PermissionRuleEntry {
  source: string;
  list: 'allow' | 'ask' | 'deny';
  rule: string;
}

/** The part of the permission policy the app uses. */
export interface SessionPolicy {
  readonly mode: PermissionMode;
  setMode(mode: PermissionMode): void;
  cycleMode(): PermissionMode;
  listRules(): PermissionRuleEntry[];
  removeRule(rule: string): boolean;
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
  /** Claude Code's Notification hook (tick waits for the user: `idle_prompt`). */
  notify?(message: string, notificationType: string): void;
  /** /compact [focus]: summarise the older history now; ends with turn_end. */
  compact?(focus: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** How full the context is (for the status line when a session is resumed). */
  contextUsage?(): { tokens: number; window?: number };
  reset(): void;
  setModel(name: string): void;
  /** `/doctor`: checks the configured model server as `tick doctor` does. */
  doctor?(signal?: AbortSignal): Promise<DoctorReport>;
  /** `prompt_input_exit`: the user quit (Claude Code's SessionEnd reason); else `other`. */
  close(reason?: 'prompt_input_exit' | 'other'): Promise<void>;
}
