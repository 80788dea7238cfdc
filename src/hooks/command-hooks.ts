/**
 * Command hooks from settings files, with Claude Code's protocol so existing hook
 * scripts work (see hook-protocol.ts for stdin and the exit-code / JSON rules).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HookRegistry } from './registry';
import type { HookContext, HookEventName, HookInputs, HookOutcome, ToolCallInput } from './types';
import { HOOK_EVENTS } from './types';
import { compileMatcher, isToolEvent, matchSubject } from './matcher';
import { runShellCommand } from './run-command';
import { buildHookStdin, interpretHookRun } from './hook-protocol';
import type { CommandHookHandler, CommandHookSettings } from './hook-settings';

export type { CommandHookGroup, CommandHookHandler, CommandHookSettings } from './hook-settings';
export { mergeCommandHookSettings } from './merge-command-hooks';

/** Claude Code's default for command hooks: ten minutes. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 600;
/** SessionEnd hooks get a short budget so quitting is never held up (Claude Code: 1.5 s)... */
export const SESSION_END_BUDGET_SECONDS = 1.5;
/** ...raised to the longest `timeout` a SessionEnd hook sets, up to a minute. */
export const SESSION_END_MAX_SECONDS = 60;

export interface CommandHookOptions {
  sessionId: string;
  cwd: string;
  /** The session's Claude-shaped transcript (made to exist before a hook reads it). */
  transcriptPath?: () => string | undefined;
  /** The permission mode at the moment the hook runs. */
  permissionMode?: () => string;
  /** Does a permission rule (`Bash(git *)`) match this call? For the handlers' `if` field. */
  ruleMatches?: (rule: string, call: ToolCallInput) => boolean;
  /** The user prompt being processed (`prompt_id`), once there is one. */
  promptId?: () => string | undefined;
  /**
   * The file SessionStart hooks may write `export` lines to (`CLAUDE_ENV_FILE`); later bash
   * calls read it.
   */
  envFile?: string;
  /** The environment, for CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Registers one in-process hook per configured command, in settings order. A handler
 * defined twice for the same event and matcher (in user and project settings, say)
 * runs once, as in Claude Code.
 */
export function registerCommandHooks(
  registry: HookRegistry,
  settings: CommandHookSettings,
  options: CommandHookOptions,
): void {
  const sessionEndSeconds = sessionEndBudget(settings, options.env ?? process.env);
  for (const event of HOOK_EVENTS) {
    const seen = new Set<string>();
    for (const group of settings[event] ?? []) {
      let matches: (names: readonly string[]) => boolean;
      try {
        matches = compileMatcher(group.matcher);
      } catch {
        // Reported when the settings were loaded; such a group never matches.
        continue;
      }
      for (const handler of group.hooks) {
        const key = JSON.stringify([
          group.matcher ?? '',
          handler.command,
          handler.args,
          handler.if,
        ]);
        if (seen.has(key)) continue;
        seen.add(key);
        registry.on(event, (input, ctx) => {
          if (!applies(event, input, matches, handler, options)) return Promise.resolve({});
          const timeout =
            event === 'SessionEnd'
              ? Math.min(handler.timeout ?? sessionEndSeconds, sessionEndSeconds)
              : (handler.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS);
          return runCommandHook(event, handler, timeout, input, ctx, options);
        });
      }
    }
  }
}

function applies<E extends HookEventName>(
  event: E,
  input: HookInputs[E],
  matches: (names: readonly string[]) => boolean,
  handler: CommandHookHandler,
  options: CommandHookOptions,
): boolean {
  const subject = matchSubject(event, input);
  if (subject && !matches(subject)) return false;
  // `if` takes a permission rule and applies to tool events only, as in Claude Code.
  if (handler.if === undefined || !isToolEvent(event) || !options.ruleMatches) return true;
  return options.ruleMatches(handler.if, input as ToolCallInput);
}

/**
 * SessionEnd's budget in seconds: CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS when set, else 1.5 s
 * raised to the longest `timeout` a SessionEnd handler sets (at most a minute).
 */
export function sessionEndBudget(settings: CommandHookSettings, env: NodeJS.ProcessEnv): number {
  const fromEnv = Number(env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv / 1000;
  const longest = Math.max(
    0,
    ...(settings.SessionEnd ?? []).flatMap((group) => group.hooks.map((h) => h.timeout ?? 0)),
  );
  return Math.min(SESSION_END_MAX_SECONDS, Math.max(SESSION_END_BUDGET_SECONDS, longest));
}

async function runCommandHook<E extends HookEventName>(
  event: E,
  handler: CommandHookHandler,
  timeoutSeconds: number,
  input: HookInputs[E],
  ctx: HookContext,
  options: CommandHookOptions,
): Promise<HookOutcome> {
  const promptId = options.promptId?.();
  const stdin = buildHookStdin(event, input, {
    sessionId: ctx.sessionId || options.sessionId,
    cwd: options.cwd,
    transcriptPath: options.transcriptPath?.(),
    permissionMode: options.permissionMode?.(),
    ...(promptId ? { promptId } : {}),
    ...(ctx.agent ? { agent: ctx.agent } : {}),
  });
  const envFile = event === 'SessionStart' ? options.envFile : undefined;
  // The hook appends to the file; its folder must be there for `>>` to work.
  if (envFile) mkdirSync(dirname(envFile), { recursive: true });
  const run = await runShellCommand(handler.command, {
    cwd: options.cwd,
    env: {
      ...process.env,
      CLAUDE_PROJECT_DIR: options.cwd,
      TICK_PROJECT_DIR: options.cwd,
      ...(envFile ? { CLAUDE_ENV_FILE: envFile } : {}),
    },
    // One compact line, stdin then closed: hooks that `read -r` one line get all of it.
    stdin: `${JSON.stringify(stdin)}\n`,
    timeoutMs: timeoutSeconds * 1000,
    signal: ctx.signal,
    ...(handler.args ? { args: handler.args } : {}),
  });
  const verdict = interpretHookRun(event, handler.command, run, timeoutSeconds);
  for (const message of verdict.notices) ctx.emit({ type: 'error', fatal: false, message });
  return verdict.outcome;
}
