import type { ToolPreview } from '../tools/types';

export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'plan',
  'bypassPermissions',
];

/**
 * What a tool call touches, as the permission gate sees it. `mcp`: a call to an MCP server,
 * whose effects tick cannot see (asked by default; the server's annotations never change that).
 */
export interface ToolAccess {
  kind: 'none' | 'read' | 'write' | 'exec' | 'mcp';
  /** Absolute paths the call reads or writes (after resolving against the workspace). */
  paths?: string[];
  /** The shell command, for exec. */
  command?: string;
  /** For mcp: what the question shows (the server, the tool's title, the whole arguments) ... */
  subject?: string;
  /** ... and what the server says of the tool (its annotations, as its claims). */
  reason?: string;
}

/** A question the gate puts to the user (keyboard in the app, flags in print mode). */
export interface ApprovalRequest {
  callId: string;
  toolName: string;
  /** The whole command or the path, never truncated. */
  subject: string;
  /** Why it is asked: "deletes files (rm)", "outside workspace: /etc/hosts". */
  reason: string;
  /** The rule "allow always" would add, e.g. `bash(npm run:*)`; absent when always is not offered. */
  alwaysRule?: string;
  /** What the call would change (an edit's diff), when the tool can tell before running. */
  preview?: ToolPreview;
  /** The subagent whose call this is (absent: the main agent's). */
  agent?: { id: string; description: string };
}

export type ApprovalDecision =
  | { decision: 'allow_once' }
  /** `save`: also write the rule to `.tick/settings.local.json` (the app's `s`). */
  | { decision: 'allow_always'; save?: boolean }
  | { decision: 'deny'; note?: string };

export type Approve = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision>;
