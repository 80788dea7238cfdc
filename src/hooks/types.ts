import type { AgentEvent, ToolStatus } from '../agent/events';
import type { Approve, ToolAccess } from '../permissions/types';
import type { ToolPreview } from '../tools/types';

export type HookEventName = 'UserPromptSubmit' | 'PreToolUse' | 'PostToolUse' | 'Stop';

export const HOOK_EVENTS: readonly HookEventName[] = [
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
];

export interface HookContext {
  sessionId: string;
  cwd: string;
  signal: AbortSignal;
  /** Ask the user (the app's keyboard prompt, or print mode's flag policy). */
  approve: Approve;
  /** Report an event (permission_asked/decided, error) in order with the loop's own. */
  emit: (event: AgentEvent) => void;
}

export interface HookInputs {
  UserPromptSubmit: { prompt: string };
  PreToolUse: {
    callId: string;
    toolName: string;
    input: unknown;
    access: ToolAccess;
    /** What the call would change, for an approval prompt (tools that can tell; never writes). */
    preview?: (input: unknown) => Promise<ToolPreview | undefined>;
  };
  PostToolUse: {
    callId: string;
    toolName: string;
    input: unknown;
    output: string;
    status: ToolStatus;
  };
  Stop: { lastMessage: string; stopHookActive: boolean };
}

/**
 * What a hook may say; every field is optional and an empty object means "go on".
 * Which fields an event honours:
 * - block: PreToolUse (the text becomes the tool result), UserPromptSubmit (prompt
 *   refused), PostToolUse (the reason is added to the tool result for the model).
 * - input: PreToolUse only, a rewritten tool input (validated again).
 * - context: UserPromptSubmit / PostToolUse, extra text for the model.
 * - continueWith: Stop only, a user message to append and keep going.
 * - stop: any event, end the turn now with this reason.
 */
export interface HookOutcome {
  block?: string;
  input?: unknown;
  context?: string;
  continueWith?: string;
  stop?: string;
}

export type Hook<E extends HookEventName> = (
  input: HookInputs[E],
  ctx: HookContext,
) => Promise<HookOutcome | void>;
