import type { ToolPreview } from './tool-display';
import type { ToolLook } from './tool-look';

/**
 * What is asked: `call`, may this tool call run (the gate's question); `mcp-server`, may a
 * project's `.mcp.json` server start (asked once, before its first start; allow_once
 * answers "this server", allow_always "this and every later server of the project's
 * .mcp.json", deny "not this one").
 */
export type ApprovalKind = 'call' | 'mcp-server';

/** A question the gate puts to the user (keyboard in the app, flags in print mode). */
export interface ApprovalRequest {
  /** Absent: `call`. */
  kind?: ApprovalKind;
  callId: string;
  toolName: string;
  /** How the call looks: its role picks the question's title. */
  look: ToolLook;
  /** The whole command or the path, never truncated. */
  subject: string;
  /** Why it is asked: "deletes files (rm)", "outside workspace: /etc/hosts". */
  reason: string;
  /** The rule "allow always" would add, e.g. `bash(npm run:*)`; absent when always is not offered. */
  alwaysRule?: string;
  /** What the call would change (an edit's diff), when the tool can tell before running. */
  preview?: ToolPreview;
  /** The plan item in progress, when "allow for this item" is offered (needs `alwaysRule`). */
  planItem?: { key: string; text: string };
  /** The subagent whose call this is (absent: the main agent's). */
  agent?: { id: string; description: string };
  /** bash, with the sandbox in use: once allowed it runs in it (true) or outside it (false). */
  confined?: boolean;
}

export type ApprovalDecision =
  | { decision: 'allow_once' }
  /** `save`: also write the rule to `.tick/settings.local.json` (the app's `s`). */
  | { decision: 'allow_always'; save?: boolean }
  /** Calls with the same rule are allowed while `planItem` stays in progress (the app's `i`). */
  | { decision: 'allow_item' }
  | { decision: 'deny'; note?: string };

export type Approve = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision>;
