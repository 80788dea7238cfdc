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
}

/**
 * The JSON written to the hook's stdin. `tool_name` is OUR tool name (`bash`,
 * `edit_file`, ...), `tool_input` our argument object, and `tool_response` the tool's
 * output text.
 */
export function buildHookStdin<E extends HookEventName>(
  event: E,
  input: HookInputs[E],
  meta: HookStdinMeta,
): Record<string, unknown> {
  const common = {
    session_id: meta.sessionId,
    transcript_path: meta.transcriptPath,
    cwd: meta.cwd,
    hook_event_name: event,
  };
  // Each case reads the fields of its own event; the generic cannot be narrowed by TS.
  switch (event) {
    case 'UserPromptSubmit': {
      const data = input as HookInputs['UserPromptSubmit'];
      return { ...common, prompt: data.prompt };
    }
    case 'PreToolUse': {
      const data = input as HookInputs['PreToolUse'];
      return {
        ...common,
        tool_name: data.toolName,
        tool_input: data.input,
        tool_use_id: data.callId,
      };
    }
    case 'PostToolUse': {
      const data = input as HookInputs['PostToolUse'];
      return {
        ...common,
        tool_name: data.toolName,
        tool_input: data.input,
        tool_response: data.output,
        tool_status: data.status,
        tool_use_id: data.callId,
      };
    }
    case 'Stop': {
      const data = input as HookInputs['Stop'];
      return {
        ...common,
        stop_hook_active: data.stopHookActive,
        last_assistant_message: data.lastMessage,
      };
    }
    case 'PreCompact': {
      const data = input as HookInputs['PreCompact'];
      return { ...common, trigger: data.trigger, custom_instructions: data.customInstructions };
    }
    default:
      return assertNever(event as never);
  }
}

/** What one hook run means for the loop. */
export interface HookVerdict {
  outcome: HookOutcome;
  /** PreToolUse `permissionDecision: "ask"`: the user must decide; the text is the reason. */
  ask?: string;
  /** PreToolUse `permissionDecision: "deny"` (or a block): reported as a permission decision. */
  denied?: string;
  /** Something the user should see (a failed hook, a `systemMessage`); never blocks. */
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

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_NOTICE ? `${trimmed.slice(0, MAX_NOTICE)}…` : trimmed;
}

function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function parseJsonOutput(stdout: string): HookJsonOutput | undefined {
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
function blockOutcome(event: HookEventName, reason: string): HookOutcome {
  switch (event) {
    case 'PreToolUse':
      return { block: preToolBlockText(reason) };
    case 'UserPromptSubmit':
    case 'PostToolUse':
    case 'PreCompact':
      return { block: reason };
    case 'Stop':
      // Claude Code: blocking a Stop makes the model keep working, with the reason as the prompt.
      return { continueWith: reason };
    default:
      return assertNever(event);
  }
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
  if (run.exitCode === 2) {
    const reason = clip(run.stderr) || `${label} exited with code 2`;
    return {
      outcome: blockOutcome(event, reason),
      ...(event === 'PreToolUse' ? { denied: reason } : {}),
      notices: [],
    };
  }
  if (run.exitCode !== 0) {
    const how =
      run.exitCode === null
        ? `was killed by ${run.signal ?? 'a signal'}`
        : `failed with exit code ${run.exitCode}`;
    const stderr = clip(run.stderr);
    return { outcome: {}, notices: [`${label} ${how}${stderr ? `: ${stderr}` : ''}`] };
  }
  const json = parseJsonOutput(run.stdout);
  if (!json) {
    const text = run.stdout.trim();
    return { outcome: event === 'UserPromptSubmit' && text ? { context: text } : {}, notices: [] };
  }
  return interpretJson(event, label, json);
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
  const context = asText(specific.additionalContext);
  if (context) outcome.context = context;

  if (json.decision === 'block') {
    const reason = asText(json.reason) ?? `Blocked by ${label}`;
    return {
      outcome: { ...outcome, ...blockOutcome(event, reason) },
      ...(event === 'PreToolUse' ? { denied: reason } : {}),
      notices,
    };
  }
  if (event !== 'PreToolUse') return { outcome, notices };

  if (specific.updatedInput !== undefined) outcome.input = specific.updatedInput;
  const reason = asText(specific.permissionDecisionReason) ?? asText(json.reason);
  switch (specific.permissionDecision) {
    case 'deny': {
      const text = reason ?? `Denied by ${label}`;
      return { outcome: { ...outcome, block: preToolBlockText(text) }, denied: text, notices };
    }
    case 'ask':
      return { outcome, ask: reason ?? `${label} asks for approval`, notices };
    default:
      // "allow", "defer", or nothing: go on (the permission gate has already run).
      return { outcome, notices };
  }
}
