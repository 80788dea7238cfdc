/**
 * Command hooks from settings files, with Claude Code's protocol so existing hook
 * scripts work (see hook-protocol.ts for stdin and the exit-code / JSON rules).
 */
import { z } from 'zod';
import type { HookRegistry } from './registry';
import type { HookContext, HookEventName, HookInputs, HookOutcome } from './types';
import { HOOK_EVENTS } from './types';
import { compileToolMatcher, matcherError } from './matcher';
import { runShellCommand } from './run-command';
import { buildHookStdin, interpretHookRun } from './hook-protocol';
import { assertNever } from '../util/assert-never';
import { approvalPreview } from '../permissions/approval-preview';

export interface CommandHookHandler {
  type: 'command';
  command: string;
  /** Seconds; default 60. */
  timeout?: number;
}

export interface CommandHookGroup {
  /** Tool name, `A|B` list or regex (tool events only); empty or `*` = every tool. */
  matcher?: string;
  hooks: CommandHookHandler[];
}

export type CommandHookSettings = Partial<Record<HookEventName, CommandHookGroup[]>>;

export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

const handlerSchema = z.strictObject(
  {
    type: z.literal('command', { error: 'must be "command"' }),
    command: z
      .string({ error: 'must be a string' })
      .refine((text) => text.trim() !== '', { error: 'must not be empty' }),
    timeout: z
      .number({ error: 'must be a number of seconds' })
      .positive({ error: 'must be a positive number of seconds' })
      .optional(),
  },
  { error: 'must be an object {"type": "command", "command": "..."}' },
);

const groupSchema = z.strictObject(
  {
    matcher: z
      .string({ error: 'must be a string' })
      .superRefine((matcher, ctx) => {
        const problem = matcherError(matcher);
        if (problem)
          ctx.addIssue({ code: 'custom', message: `is not a valid pattern: ${problem}` });
      })
      .optional(),
    hooks: z.array(handlerSchema, { error: 'must be an array of hook commands' }),
  },
  { error: 'must be an object {"matcher": "...", "hooks": [...]}' },
);

const groupsSchema = z.array(groupSchema, { error: 'must be an array of matcher groups' });

/**
 * Validates the `hooks` key of a settings file. Strict objects: unknown keys (an
 * event tick does not have, a Claude Code handler option) surface as
 * `unrecognized_keys` issues, which the settings loader turns into warnings.
 */
export const commandHookSettingsSchema: z.ZodType<CommandHookSettings> = z.strictObject(
  Object.fromEntries(HOOK_EVENTS.map((event) => [event, groupsSchema.optional()])) as Record<
    HookEventName,
    z.ZodOptional<typeof groupsSchema>
  >,
  { error: 'must be an object keyed by hook event' },
);

export { mergeCommandHookSettings } from './merge-command-hooks';

export interface CommandHookOptions {
  sessionId: string;
  cwd: string;
  transcriptPath?: string;
}

/** Registers one in-process hook per configured command, in settings order. */
export function registerCommandHooks(
  registry: HookRegistry,
  settings: CommandHookSettings,
  options: CommandHookOptions,
): void {
  for (const event of HOOK_EVENTS) {
    for (const group of settings[event] ?? []) {
      const matches = compileToolMatcher(group.matcher);
      for (const handler of group.hooks) {
        registerOne(registry, event, handler, matches, options);
      }
    }
  }
}

function registerOne(
  registry: HookRegistry,
  event: HookEventName,
  handler: CommandHookHandler,
  matches: (toolName: string) => boolean,
  options: CommandHookOptions,
): void {
  const hook = (input: HookInputs[HookEventName], ctx: HookContext): Promise<HookOutcome> => {
    const toolName = 'toolName' in input ? input.toolName : undefined;
    // UserPromptSubmit and Stop have no matcher, as in Claude Code.
    if (toolName !== undefined && !matches(toolName)) return Promise.resolve({});
    return runCommandHook(event, handler, input, ctx, options);
  };
  switch (event) {
    case 'UserPromptSubmit':
      registry.on('UserPromptSubmit', hook);
      break;
    case 'PreToolUse':
      registry.on('PreToolUse', hook);
      break;
    case 'PostToolUse':
      registry.on('PostToolUse', hook);
      break;
    case 'Stop':
      registry.on('Stop', hook);
      break;
    default:
      assertNever(event);
  }
}

/** The approval prompt's subject: the command or path itself, else the whole input. */
function inputSummary(input: unknown): string {
  if (input && typeof input === 'object') {
    const fields = input as Record<string, unknown>;
    for (const key of ['command', 'path', 'pattern']) {
      if (typeof fields[key] === 'string') return fields[key];
    }
  }
  return JSON.stringify(input) ?? String(input);
}

async function runCommandHook(
  event: HookEventName,
  handler: CommandHookHandler,
  input: HookInputs[HookEventName],
  ctx: HookContext,
  options: CommandHookOptions,
): Promise<HookOutcome> {
  const timeoutSeconds = handler.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
  const stdin = buildHookStdin(event, input, {
    sessionId: ctx.sessionId || options.sessionId,
    cwd: options.cwd,
    transcriptPath: options.transcriptPath,
  });
  const run = await runShellCommand(handler.command, {
    cwd: options.cwd,
    env: { ...process.env, CLAUDE_PROJECT_DIR: options.cwd, TICK_PROJECT_DIR: options.cwd },
    stdin: JSON.stringify(stdin),
    timeoutMs: timeoutSeconds * 1000,
    signal: ctx.signal,
  });
  const verdict = interpretHookRun(event, handler.command, run, timeoutSeconds);
  for (const message of verdict.notices) ctx.emit({ type: 'error', fatal: false, message });

  if (event !== 'PreToolUse') return verdict.outcome;
  const call = input as HookInputs['PreToolUse'];
  if (verdict.denied !== undefined) {
    ctx.emit({
      type: 'permission_decided',
      callId: call.callId,
      decision: 'deny',
      by: 'hook',
      note: verdict.denied,
    });
    return verdict.outcome;
  }
  if (verdict.ask === undefined) return verdict.outcome;

  const asked = { ...call, input: verdict.outcome.input ?? call.input };
  const preview = await approvalPreview(asked);
  const request = {
    callId: call.callId,
    toolName: call.toolName,
    subject: inputSummary(asked.input),
    reason: verdict.ask,
    ...(preview ? { preview } : {}),
  };
  ctx.emit({ type: 'permission_asked', request });
  const answer = await ctx.approve(request, ctx.signal);
  const allowed = answer.decision !== 'deny';
  ctx.emit({
    type: 'permission_decided',
    callId: call.callId,
    decision: allowed ? 'allow' : 'deny',
    by: 'user',
    ...(answer.decision === 'deny' && answer.note ? { note: answer.note } : {}),
  });
  if (allowed) return verdict.outcome;
  const note = answer.decision === 'deny' && answer.note ? ` The user said: ${answer.note}` : '';
  return {
    ...verdict.outcome,
    block: `The user denied this call (a hook asked: ${verdict.ask}).${note}`,
  };
}
