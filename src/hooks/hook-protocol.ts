/**
 * Claude Code's command-hook protocol: what a hook script gets on stdin, and how its
 * exit code and stdout become a HookOutcome. Pure, so every rule is testable alone.
 */
import type { HookEventName, HookInputs, HookOutcome } from './types';
import type { ShellRunResult } from './run-command';
import { assertNever } from '../util/assert-never';

export interface HookStdinMeta {
  sessionId: string;
  cwd: string;
  transcriptPath?: string;
  permissionMode?: string;
  /** The user prompt being processed (absent before the first). */
  promptId?: string;
  /** The subagent the hook fires in. */
  agent?: { id: string; type: string };
}

/** Claude Code leaves permission_mode out of these events' input. */
const WITHOUT_MODE = new Set<HookEventName>(['SessionStart', 'SessionEnd', 'Notification']);

/**
 * The JSON written to the hook's stdin, field for field as Claude Code writes it:
 * Claude Code's tool names and `tool_input` fields, a structured `tool_response`.
 */
export function buildHookStdin<E extends HookEventName>(
  event: E,
  input: HookInputs[E],
  meta: HookStdinMeta,
): Record<string, unknown> {
  return {
    session_id: meta.sessionId,
    ...(meta.promptId ? { prompt_id: meta.promptId } : {}),
    transcript_path: meta.transcriptPath,
    cwd: meta.cwd,
    ...(WITHOUT_MODE.has(event) ? {} : { permission_mode: meta.permissionMode }),
    ...(meta.agent ? { agent_id: meta.agent.id, agent_type: meta.agent.type } : {}),
    hook_event_name: event,
    ...eventFields(event, input),
  };
}

function eventFields<E extends HookEventName>(
  event: E,
  input: HookInputs[E],
): Record<string, unknown> {
  // Each case reads the fields of its own event; the generic cannot be narrowed by TS.
  switch (event) {
    case 'SessionStart': {
      const data = input as HookInputs['SessionStart'];
      return { source: data.source, model: data.model };
    }
    case 'UserPromptSubmit':
      return { prompt: (input as HookInputs['UserPromptSubmit']).prompt };
    case 'PreToolUse':
      return { ...toolFields(input as HookInputs['PreToolUse']) };
    case 'PostToolUse': {
      const data = input as HookInputs['PostToolUse'];
      const { tool_use_id, ...call } = toolFields(data);
      return { ...call, tool_response: data.response, tool_use_id, duration_ms: data.durationMs };
    }
    case 'PostToolUseFailure': {
      const data = input as HookInputs['PostToolUseFailure'];
      return {
        ...toolFields(data),
        error: data.error,
        is_interrupt: data.isInterrupt,
        duration_ms: data.durationMs,
      };
    }
    case 'Notification': {
      const data = input as HookInputs['Notification'];
      return {
        message: data.message,
        ...(data.title ? { title: data.title } : {}),
        notification_type: data.notificationType,
      };
    }
    case 'Stop': {
      const data = input as HookInputs['Stop'];
      // tick has no background tasks or session crons: Claude Code sends the arrays, empty.
      return {
        stop_hook_active: data.stopHookActive,
        last_assistant_message: data.lastMessage,
        background_tasks: [],
        session_crons: [],
      };
    }
    case 'SubagentStart': {
      const data = input as HookInputs['SubagentStart'];
      return { agent_id: data.agentId, agent_type: data.agentType };
    }
    case 'SubagentStop': {
      const data = input as HookInputs['SubagentStop'];
      return {
        stop_hook_active: data.stopHookActive,
        agent_id: data.agentId,
        agent_transcript_path: data.agentTranscriptPath,
        agent_type: data.agentType,
        last_assistant_message: data.lastMessage,
        background_tasks: [],
        session_crons: [],
      };
    }
    case 'PreCompact': {
      const data = input as HookInputs['PreCompact'];
      return { trigger: data.trigger, custom_instructions: data.customInstructions };
    }
    case 'SessionEnd':
      return { reason: (input as HookInputs['SessionEnd']).reason };
    default:
      return assertNever(event as never);
  }
}

/** The call as every tool event carries it: Claude Code's name and fields, and the call's id. */
function toolFields(call: HookInputs['PreToolUse']) {
  return {
    // tick's own fields first: Claude Code's keep their meaning whatever an extra is called.
    ...call.extras,
    tool_name: call.claude.toolName,
    tool_input: call.claude.toolInput,
    tool_use_id: call.callId,
  };
}

/** What one hook run means: the outcome, and what the user should see (never blocking). */
export interface HookVerdict {
  outcome: HookOutcome;
  notices: string[];
}

interface HookJsonOutput {
  continue?: unknown;
  stopReason?: unknown;
  decision?: unknown;
  reason?: unknown;
  systemMessage?: unknown;
  hookSpecificOutput?: {
    permissionDecision?: unknown;
    permissionDecisionReason?: unknown;
    additionalContext?: unknown;
    updatedInput?: unknown;
  };
}

const MAX_NOTICE = 2000;
/** Claude Code caps what a hook adds to the context at 10,000 characters. */
export const MAX_HOOK_CONTEXT = 10_000;

function clip(text: string, max = MAX_NOTICE): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}

function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** stdout is JSON only when, after leading space, it is one object (Claude Code's rule). */
export function parseJsonOutput(stdout: string): HookJsonOutput | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as HookJsonOutput)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Text the loop uses for a PreToolUse block; the model reads it as the tool result. */
export function preToolBlockText(reason: string): string {
  return `Blocked by hook: ${reason}`;
}

/** A blocking reason (exit 2, `decision: "block"`) as each event honours it. */
function blockOutcome(event: HookEventName, reason: string): HookOutcome | undefined {
  switch (event) {
    case 'PreToolUse':
      return { block: preToolBlockText(reason), permission: 'deny', permissionReason: reason };
    case 'UserPromptSubmit':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PreCompact':
      return { block: reason };
    case 'Stop':
    case 'SubagentStop':
      // Claude Code: blocking a Stop makes the model keep working, with the reason as the prompt.
      return { continueWith: reason };
    case 'SessionStart':
    case 'SessionEnd':
    case 'Notification':
    case 'SubagentStart':
      // Nothing to block: Claude Code shows the reason to the user only.
      return undefined;
    default:
      return assertNever(event);
  }
}

/** The reason a JSON output gives for blocking, whichever way it says it. */
function jsonBlockReason(json: HookJsonOutput): string | undefined {
  const specific = json.hookSpecificOutput ?? {};
  return (
    asText(json.reason) ??
    asText(specific.permissionDecisionReason) ??
    asText(json.stopReason) ??
    undefined
  );
}

/** Turns a finished hook run into a verdict following Claude Code's exit-code and JSON rules. */
export function interpretHookRun(
  event: HookEventName,
  command: string,
  run: ShellRunResult,
  timeoutSeconds: number,
): HookVerdict {
  const label = `${event} hook \`${command}\``;
  if (run.aborted) return { outcome: {}, notices: [] };
  if (run.spawnError) {
    return { outcome: {}, notices: [`${label} could not start: ${run.spawnError}`] };
  }
  if (run.timedOut) {
    return {
      outcome: {},
      notices: [`${label} timed out after ${timeoutSeconds}s and was killed`],
    };
  }
  const json = parseJsonOutput(run.stdout);
  if (run.exitCode === 2) {
    // Exit 2 always blocks; the reason is the JSON's when it gives one, else stderr.
    const reason =
      (json && jsonBlockReason(json)) || clip(run.stderr) || `${label} exited with code 2`;
    const outcome = blockOutcome(event, reason);
    if (outcome) return { outcome, notices: [] };
    return { outcome: {}, notices: [`${label} exited with code 2: ${reason}`] };
  }
  // Any other exit with JSON on stdout: the JSON decides, as Claude Code's current docs say.
  if (json) return interpretJson(event, label, json);
  if (run.exitCode !== 0) {
    const how =
      run.exitCode === null
        ? `was killed by ${run.signal ?? 'a signal'}`
        : `failed with exit code ${run.exitCode}`;
    const stderr = clip(run.stderr);
    return { outcome: {}, notices: [`${label} ${how}${stderr ? `: ${stderr}` : ''}`] };
  }
  const text = run.stdout.trim();
  // Plain stdout is context for the model only on these two events.
  const context = event === 'UserPromptSubmit' || event === 'SessionStart';
  return { outcome: context && text ? { context: clip(text, MAX_HOOK_CONTEXT) } : {}, notices: [] };
}

function interpretJson(event: HookEventName, label: string, json: HookJsonOutput): HookVerdict {
  const notices: string[] = [];
  const systemMessage = asText(json.systemMessage);
  if (systemMessage) notices.push(`${label}: ${systemMessage}`);
  if (json.continue === false) {
    return { outcome: { stop: asText(json.stopReason) ?? `Stopped by ${label}` }, notices };
  }
  const specific = json.hookSpecificOutput ?? {};
  const outcome: HookOutcome = {};
  // additionalContext counts only inside hookSpecificOutput; top level is ignored, as in Claude Code.
  const context = asText(specific.additionalContext);
  // Stop's and SubagentStop's context is feedback that keeps the model going (same cap as a block).
  const stopping = event === 'Stop' || event === 'SubagentStop';
  if (context && stopping) outcome.continueWith = clip(context, MAX_HOOK_CONTEXT);
  else if (context) outcome.context = clip(context, MAX_HOOK_CONTEXT);

  if (json.decision === 'block') {
    const blocked = blockOutcome(event, asText(json.reason) ?? `Blocked by ${label}`);
    const feedback = [blocked?.continueWith, outcome.continueWith].filter(Boolean).join('\n\n');
    return {
      outcome: { ...outcome, ...blocked, ...(feedback ? { continueWith: feedback } : {}) },
      notices,
    };
  }
  if (event !== 'PreToolUse') return { outcome, notices };

  if (specific.updatedInput && typeof specific.updatedInput === 'object') {
    outcome.claudeInput = specific.updatedInput as Record<string, unknown>;
  }
  const reason = asText(specific.permissionDecisionReason) ?? asText(json.reason);
  // The deprecated top-level `decision: "approve"` is an allow.
  const decision =
    specific.permissionDecision ?? (json.decision === 'approve' ? 'allow' : undefined);
  switch (decision) {
    case 'deny': {
      const text = reason ?? `Denied by ${label}`;
      return {
        outcome: { ...outcome, ...blockOutcome('PreToolUse', text) },
        notices,
      };
    }
    case 'ask':
      return {
        outcome: { ...outcome, permission: 'ask', permissionReason: reason ?? `${label} asks` },
        notices,
      };
    case 'allow':
      return {
        outcome: {
          ...outcome,
          permission: 'allow',
          ...(reason ? { permissionReason: reason } : {}),
        },
        notices,
      };
    default:
      // "defer" (print mode's hand-back in Claude Code) or nothing: the normal flow decides.
      return { outcome, notices };
  }
}
