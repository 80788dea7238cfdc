import type { ToolPreview } from '../tools/types';

export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

/**
 * When bash runs in the sandbox (bubblewrap): `auto` confines what tick does not understand,
 * `always` confines every command, `off` never does (what is not understood is asked).
 */
export type SandboxMode = 'auto' | 'always' | 'off';

export const SANDBOX_MODES: readonly SandboxMode[] = ['auto', 'always', 'off'];

export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'plan',
  'bypassPermissions',
];

/** What a tool call touches, as the permission gate sees it. */
export interface ToolAccess {
  kind: 'none' | 'read' | 'write' | 'exec';
  /** Absolute paths the call reads or writes (after resolving against the workspace). */
  paths?: string[];
  /** The shell command, for exec. */
  command?: string;
  /** exec: the model asks to run outside the sandbox, for this reason (always asked). */
  unconfined?: string;
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
  /** bash, with the sandbox in use: once allowed it runs in it (true) or outside it (false). */
  confined?: boolean;
}

export type ApprovalDecision =
  | { decision: 'allow_once' }
  /** `save`: also write the rule to `.tick/settings.local.json` (the app's `s`). */
  | { decision: 'allow_always'; save?: boolean }
  | { decision: 'deny'; note?: string };

export type Approve = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision>;
