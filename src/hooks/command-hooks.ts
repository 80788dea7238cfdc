/**
 * Command hooks from settings files, with Claude Code's protocol so existing hook
 * scripts work (see hook-protocol.ts for stdin and the exit-code / JSON rules).
 */
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

export interface CommandHookOptions {
  sessionId: string;
  cwd: string;
  /** The session's Claude-shaped transcript (made to exist before a hook reads it). */
  transcriptPath?: () => string | undefined;
  /** The permission mode at the moment the hook runs. */
  permissionMode?: () => string;
  /** Does a permission rule (`Bash(git *)`) match this call? For the handlers' `if` field. */
  ruleMatches?: (rule: string, call: ToolCallInput) => boolean;
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
          return runCommandHook(event, handler, input, ctx, options);
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

async function runCommandHook<E extends HookEventName>(
  event: E,
  handler: CommandHookHandler,
  input: HookInputs[E],
  ctx: HookContext,
  options: CommandHookOptions,
): Promise<HookOutcome> {
  const timeoutSeconds = handler.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
  const stdin = buildHookStdin(event, input, {
    sessionId: ctx.sessionId || options.sessionId,
    cwd: options.cwd,
    transcriptPath: options.transcriptPath?.(),
    permissionMode: options.permissionMode?.(),
  });
  const run = await runShellCommand(handler.command, {
    cwd: options.cwd,
    env: { ...process.env, CLAUDE_PROJECT_DIR: options.cwd, TICK_PROJECT_DIR: options.cwd },
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
