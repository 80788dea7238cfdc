/**
 * Hook matchers, as Claude Code reads them: empty, missing or `*` matches everything; a
 * value of only letters, digits, `_`, `-`, spaces, `,` and `|` is an exact name or a list
 * (`Edit|Write`, `Edit, Write`); anything else is an unanchored regular expression
 * (`Edit.*` also matches `NotebookEdit`), case-sensitive. On tool events a matcher sees
 * the tool's Claude Code names (`Bash`, `Edit`, `MultiEdit`) and tick's (`bash`).
 */
import type { HookEventName, HookInputs } from './types';
import { assertNever } from '../util/assert-never';

const PLAIN_LIST = /^[\w\s,|-]*$/;

/** The error text when `matcher` is not a valid pattern, else undefined. */
export function matcherError(matcher: string): string | undefined {
  if (PLAIN_LIST.test(matcher) || matcher.trim() === '*') return undefined;
  try {
    new RegExp(matcher);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Compiles a matcher into a predicate over candidate names. Throws on an invalid regex. */
export function compileMatcher(matcher: string | undefined): (names: readonly string[]) => boolean {
  const text = (matcher ?? '').trim();
  if (text === '' || text === '*') return () => true;
  if (PLAIN_LIST.test(text)) {
    const wanted = new Set(
      text
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter(Boolean),
    );
    return (names) => names.some((name) => wanted.has(name));
  }
  const regex = new RegExp(text);
  return (names) => names.some((name) => regex.test(name));
}

/**
 * What an event's matcher is tested against: tool names on tool events, the source,
 * reason, notification type, trigger or agent type on the others; undefined where
 * Claude Code has no matcher (UserPromptSubmit, Stop), so every hook runs.
 */
export function matchSubject<E extends HookEventName>(
  event: E,
  input: HookInputs[E],
): readonly string[] | undefined {
  // Each case reads the fields of its own event; the generic cannot be narrowed by TS.
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure': {
      const call = input as HookInputs['PreToolUse'];
      return [call.claude.toolName, ...(call.claude.aliases ?? []), call.toolName];
    }
    case 'SessionStart':
      return [(input as HookInputs['SessionStart']).source];
    case 'SessionEnd':
      return [(input as HookInputs['SessionEnd']).reason];
    case 'Notification':
      return [(input as HookInputs['Notification']).notificationType];
    case 'PreCompact':
      return [(input as HookInputs['PreCompact']).trigger];
    case 'SubagentStart':
      return [(input as HookInputs['SubagentStart']).agentType];
    case 'SubagentStop':
      return [(input as HookInputs['SubagentStop']).agentType];
    case 'UserPromptSubmit':
    case 'Stop':
      return undefined;
    default:
      return assertNever(event as never);
  }
}

/** True for the events whose input is a tool call (where the `if` field applies). */
export function isToolEvent(event: HookEventName): boolean {
  return event === 'PreToolUse' || event === 'PostToolUse' || event === 'PostToolUseFailure';
}
