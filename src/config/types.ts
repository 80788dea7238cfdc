import type { PermissionMode } from '../permissions/types';
import type { CommandHookSettings } from '../hooks/command-hooks';

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
  idleTimeoutMs: number;
  maxRetries: number;
  /** Model requests per prompt from --max-turns or settings; unset: no cap in the app, 100 in print mode. */
  maxTurns?: number;
  /** Tool rounds without todo_write before the reminder; 0 turns it off. */
  reminderRounds: number;
  permissionMode: PermissionMode;
  permissions: PermissionRules;
  hooks: CommandHookSettings;
  sandbox: boolean;
  /** Non-fatal settings problems to show the user (unknown keys, ignored). */
  warnings?: string[];
}
