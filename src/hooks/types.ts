import type { AgentEvent, ToolStatus } from '../protocol/events';
import type { Approve } from '../protocol/approval';
import type { ToolAccess } from '../permissions/types';
import type { ToolPreview } from '../protocol/tool-display';
import type { ToolLook } from '../protocol/tool-look';

/** Claude Code's hook events that tick fires (or, for PreCompact and the subagents', carries). */
export type HookEventName =
  | 'SessionStart'
  | 'UserPromptSubmit'
  | 'PreToolUse'
  | 'PostToolUse'
  | 'PostToolUseFailure'
  | 'Notification'
  | 'Stop'
  | 'SubagentStart'
  | 'SubagentStop'
  | 'PreCompact'
  | 'SessionEnd';

export const HOOK_EVENTS: readonly HookEventName[] = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'SessionEnd',
];

export interface HookContext {
  sessionId: string;
  cwd: string;
  /** The agent whose call or prompt it is: a subagent's id, absent (or `main`) at the top. */
  agentName?: string;
  signal: AbortSignal;
  /** Ask the user (the app's keyboard prompt, or print mode's flag policy). */
  approve: Approve;
  /** Report an event (permission_asked/decided, error) in order with the loop's own. */
  emit: (event: AgentEvent) => void;
  /** Set when the hook fires inside a subagent: Claude Code's `agent_id` and `agent_type`. */
  agent?: { id: string; type: string };
}

/** A tool call as Claude Code's hooks see it: its Claude Code name and `tool_input`. */
export interface ClaudeToolCall {
  /** `Bash`, `Read`, ... */
  toolName: string;
  /** More names a matcher may use for it (`MultiEdit`). */
  aliases?: readonly string[];
  toolInput: Record<string, unknown>;
}

/** The fields every tool event carries. */
export interface ToolCallInput {
  callId: string;
  /** tick's name (`bash`, `edit_file`). */
  toolName: string;
  /** How the call looks on screen (the approval prompt's title). */
  look: ToolLook;
  /** tick's input, as validated. */
  input: unknown;
  access: ToolAccess;
  claude: ClaudeToolCall;
  /** What the call would change, for an approval prompt (tools that can tell; never writes). */
  preview?: (input: unknown) => Promise<ToolPreview | undefined>;
  /**
   * Fields tick adds to Claude Code's payload of this call (top level of a command hook's
   * stdin): `checkpoint_id`, the point taken before the call. Set by `first` hooks.
   */
  extras?: Record<string, unknown>;
}

export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact';
export type SessionEndReason = 'clear' | 'logout' | 'prompt_input_exit' | 'other';
export type CompactTrigger = 'manual' | 'auto';

export interface HookInputs {
  /** Plain stdout and `additionalContext` become context for the model. */
  SessionStart: { source: SessionStartSource; model: string };
  UserPromptSubmit: { prompt: string };
  PreToolUse: ToolCallInput;
  /** The call succeeded; `response` is Claude Code's structured `tool_response`. */
  PostToolUse: ToolCallInput & {
    output: string;
    status: ToolStatus;
    response: unknown;
    durationMs: number;
  };
  /** The call failed (an error, a bash command's non-zero exit) or was interrupted. */
  PostToolUseFailure: ToolCallInput & {
    error: string;
    isInterrupt: boolean;
    durationMs: number;
  };
  /**
   * tick waits for the user: an approval unanswered for a while (`permission_prompt`), or
   * the prompt left idle after an answer (`idle_prompt`).
   */
  Notification: { message: string; notificationType: string; title?: string };
  Stop: { lastMessage: string; stopHookActive: boolean };
  /**
   * A subagent starts, before its first request; fired through the child's prompt, so its
   * `additionalContext` reaches the child with its task. Observation only: it cannot block.
   */
  SubagentStart: { agentId: string; agentType: string };
  /** A subagent finished; fired by the subagent runner, handled like Stop. */
  SubagentStop: {
    lastMessage: string;
    stopHookActive: boolean;
    agentId: string;
    agentType: string;
    agentTranscriptPath?: string;
  };
  /** Before the context is compacted; fired by the compaction. */
  PreCompact: { trigger: CompactTrigger; customInstructions: string };
  SessionEnd: { reason: SessionEndReason };
}

/** A hook's verdict on a tool call; with several hooks deny > ask > allow. */
export type HookPermission = 'allow' | 'ask' | 'deny';

/**
 * What a hook may say; every field is optional and an empty object means "go on".
 * Which fields an event honours:
 * - block: PreToolUse (a deny: the text becomes the tool result), UserPromptSubmit
 *   (prompt refused), PostToolUse and PostToolUseFailure (the reason is added to the
 *   tool result for the model), PreCompact (the compaction should not happen).
 * - permission, permissionReason: PreToolUse: `allow` skips the prompt (never a deny or
 *   ask rule), `ask` puts the call to the user, `deny` blocks in every mode.
 * - input: PreToolUse, a rewritten input in tick's fields (validated again).
 * - claudeInput: PreToolUse, a command hook's `updatedInput` in Claude Code's fields.
 * - context: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse(Failure), SubagentStart:
 *   extra text for the model (beside the tool result for the tool events; SubagentStart's:
 *   for the child).
 * - continueWith: Stop and SubagentStop (a block's reason, or `additionalContext` feedback), a
 *   user message to append and keep going.
 * - stop: any event, end the turn now with this reason.
 * - extras: PreToolUse hooks registered `first`: fields added to the call's payload for the
 *   other hooks and its PostToolUse (ToolCallInput.extras).
 */
export interface HookOutcome {
  block?: string;
  permission?: HookPermission;
  permissionReason?: string;
  input?: unknown;
  claudeInput?: Record<string, unknown>;
  context?: string;
  continueWith?: string;
  stop?: string;
  extras?: Record<string, unknown>;
}

export type Hook<E extends HookEventName> = (
  input: HookInputs[E],
  ctx: HookContext,
) => Promise<HookOutcome | void>;
