import type { Hook, HookContext, HookEventName, HookInputs, HookOutcome } from './types';

type HookLists = { [E in HookEventName]: Hook<E>[] };

/** In-process hooks per event, kept in registration order. */
export class HookRegistry {
  private readonly hooks: HookLists = {
    UserPromptSubmit: [],
    PreToolUse: [],
    PostToolUse: [],
    Stop: [],
    PreCompact: [],
  };

  on<E extends HookEventName>(event: E, hook: Hook<E>): void {
    this.hooks[event].push(hook);
  }

  list<E extends HookEventName>(event: E): Hook<E>[] {
    return [...this.hooks[event]];
  }
}

function joinText(previous: string | undefined, next: string | undefined): string | undefined {
  if (!next) return previous;
  return previous ? `${previous}\n${next}` : next;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs the event's hooks in order and merges what they say:
 * - block: PreToolUse and UserPromptSubmit stop at the first block; PostToolUse
 *   joins every reason (the tool already ran, later hooks still see the result).
 * - input (PreToolUse): a rewrite is handed to the later hooks; the last one wins.
 * - context and continueWith texts are joined with newlines.
 * - stop ends the chain.
 * A hook that throws is reported as a non-fatal error and counts as "go on".
 * After an abort no further hook runs.
 */
export async function runHooks<E extends HookEventName>(
  registry: HookRegistry,
  event: E,
  input: HookInputs[E],
  ctx: HookContext,
): Promise<HookOutcome> {
  const merged: HookOutcome = {};
  let current = input;
  for (const hook of registry.list(event)) {
    if (ctx.signal.aborted) break;
    let outcome: HookOutcome | void;
    try {
      outcome = await hook(current, ctx);
    } catch (error) {
      if (ctx.signal.aborted) break;
      ctx.emit({
        type: 'error',
        fatal: false,
        message: `${event} hook failed: ${errorMessage(error)}`,
      });
      continue;
    }
    if (!outcome) continue;
    merged.context = joinText(merged.context, outcome.context);
    merged.continueWith = joinText(merged.continueWith, outcome.continueWith);
    if (outcome.input !== undefined && event === 'PreToolUse') {
      merged.input = outcome.input;
      // The event is known to be PreToolUse here; TypeScript cannot narrow the generic.
      current = { ...(current as HookInputs['PreToolUse']), input: outcome.input } as HookInputs[E];
    }
    if (outcome.block !== undefined) {
      if (event === 'PostToolUse') {
        merged.block = joinText(merged.block, outcome.block);
      } else {
        merged.block = outcome.block;
        break;
      }
    }
    if (outcome.stop !== undefined) {
      merged.stop = outcome.stop;
      break;
    }
  }
  return stripEmpty(merged);
}

function stripEmpty(outcome: HookOutcome): HookOutcome {
  const result: HookOutcome = {};
  for (const key of ['block', 'input', 'context', 'continueWith', 'stop'] as const) {
    if (outcome[key] !== undefined) (result as Record<string, unknown>)[key] = outcome[key];
  }
  return result;
}
