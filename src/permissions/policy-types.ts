import type { PermissionRules } from '../config/types';
import type { RuleList, RuleSource, RuleToolName } from './rules';
import type { SandboxState } from './sandbox-decision';
import type { PermissionMode, ToolAccess } from './types';

export interface RuleSourceInput {
  source: RuleSource;
  rules: Partial<PermissionRules>;
  /** Where `/path` in these rules starts: the settings file's root (project root, TICK_HOME). */
  sourceDir?: string;
  /** The settings file, for messages. */
  file?: string;
}

export interface PolicyOptions {
  mode: PermissionMode;
  /** Rules from the merged settings and flags (listed as source 'settings'). */
  rules?: Partial<PermissionRules>;
  /** Rules with their origin, for /permissions (user, project, local, flag). */
  sources?: RuleSourceInput[];
  /** Workspace roots: cwd plus --add-dir. */
  roots: string[];
  /** Folders read without asking although outside the roots (tick's own session files). */
  readRoots?: string[];
  cwd: string;
  /** The tools rules may name (default: tick's registry). */
  tools?: readonly RuleToolName[];
  /** The user's home directory (os.homedir()), for `~` and the secret list. */
  home: string;
  /** False in print mode: what would be asked is denied, with the flag that would allow it. */
  interactive: boolean;
  /** Symlink resolution; defaults to the real file system. */
  realpath?: (abs: string) => string;
  /** The sandbox setting and whether bubblewrap works here (default: none). */
  sandbox?: SandboxState;
  /** A session grant ("allow always") was removed. */
  onSessionRuleRemoved?: (rule: string) => void;
}

export interface ToolCall {
  toolName: string;
  input: unknown;
  access: ToolAccess;
}

/** What the PreToolUse hooks said about a call, for the decision after them. */
export interface HookVerdict {
  decision: 'allow' | 'ask';
  reason?: string;
}

export interface PermissionDecision {
  action: 'allow' | 'ask' | 'deny';
  /** Why, briefly: "deletes files", "outside workspace: /etc/hosts". */
  reason: string;
  /** What decided: 'mode default', 'rule deny bash(rm:*)', 'mode plan', 'print mode', 'forbidden', 'hook'. */
  by: string;
  /** The command or the path(s), whole. */
  subject: string;
  /** For ask: the rule "allow always" adds; absent when always is not offered. */
  alwaysRule?: string;
  /** For deny: the tool result the model receives. */
  message?: string;
  /**
   * bash: the call runs in the sandbox (for an ask: once the user allows it). Absent for
   * other tools.
   */
  confined?: boolean;
}

export interface ListedRule {
  source: RuleSource;
  list: RuleList;
  rule: string;
}
