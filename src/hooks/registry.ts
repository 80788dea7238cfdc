import type {
  Hook,
  HookContext,
  HookEventName,
  HookInputs,
  HookOutcome,
  HookPermission,
} from './types';
import { HOOK_EVENTS } from './types';

type HookLists = { [E in HookEventName]: Hook<E>[] };

/** In-process hooks per event, kept in registration order. */
export class HookRegistry {
  private readonly hooks = Object.fromEntries(
    HOOK_EVENTS.map((event) => [event, []]),
  ) as unknown as HookLists;

  on<E extends HookEventName>(event: E, hook: Hook<E>): void {
    this.hooks[event].push(hook);
  }

  list<E extends HookEventName>(event: E): Hook<E>[] {
    return [...this.hooks[event]];
  }

  /** True when something listens for the event (so the caller may skip building its input). */
  has(event: HookEventName): boolean {
    return this.hooks[event].length > 0;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const PRECEDENCE: Record<HookPermission, number> = { allow: 1, ask: 2, deny: 3 };

/**
 * Runs every hook of the event at once, as Claude Code does (each runs to completion,
 * even when a sibling blocks), and merges what they say:
 * - block: every reason, joined; on PreToolUse a block is a deny.
 * - permission (PreToolUse): deny > ask > allow, with the reason of the deciding hook.
 * - input / claudeInput (PreToolUse): the last hook to finish wins.
 * - context and continueWith: joined in registration order.
 * - stop: the first in registration order.
 * A hook that throws is reported as a non-fatal error and counts as "go on".
 * Nothing starts after an abort.
 */
export async function runHooks<E extends HookEventName>(
  registry: HookRegistry,
  event: E,
  input: HookInputs[E],
  ctx: HookContext,
): Promise<HookOutcome> {
  if (ctx.signal.aborted) return {};
  let lastRewrite: Pick<HookOutcome, 'input' | 'claudeInput'> | undefined;
  const outcomes = await Promise.all(
    registry.list(event).map(async (hook) => {
      try {
        const outcome = (await hook(input, ctx)) ?? {};
        if (outcome.input !== undefined || outcome.claudeInput !== undefined) {
          lastRewrite = { input: outcome.input, claudeInput: outcome.claudeInput };
        }
        return outcome;
      } catch (error) {
        if (!ctx.signal.aborted) {
          ctx.emit({
            type: 'error',
            fatal: false,
            message: `${event} hook failed: ${errorMessage(error)}`,
          });
        }
        return {};
      }
    }),
  );
  const merged = mergeOutcomes(outcomes, event === 'PreToolUse');
  if (event === 'PreToolUse' && lastRewrite) Object.assign(merged, lastRewrite);
  return stripEmpty(merged);
}

/**
 * Several hooks' outcomes as one (without the rewrites, which go by finishing order).
 * `toolCall`: a PreToolUse, where a block is a deny and permissions are merged.
 */
export function mergeOutcomes(outcomes: readonly HookOutcome[], toolCall: boolean): HookOutcome {
  const join = (key: 'block' | 'context' | 'continueWith'): string | undefined => {
    const texts = outcomes.map((outcome) => outcome[key]).filter((text): text is string => !!text);
    return texts.length ? [...new Set(texts)].join('\n') : undefined;
  };
  const merged: HookOutcome = {
    block: join('block'),
    context: join('context'),
    continueWith: join('continueWith'),
    stop: outcomes.find((outcome) => outcome.stop !== undefined)?.stop,
  };
  if (!toolCall) return merged;
  let decider: HookOutcome | undefined;
  for (const outcome of outcomes) {
    const permission = outcome.block !== undefined ? 'deny' : outcome.permission;
    if (!permission) continue;
    const current = decider?.block !== undefined ? 'deny' : decider?.permission;
    if (!current || PRECEDENCE[permission] > PRECEDENCE[current]) decider = outcome;
  }
  if (decider) {
    merged.permission = decider.block !== undefined ? 'deny' : decider.permission;
    merged.permissionReason = decider.permissionReason;
  }
  return merged;
}

function stripEmpty(outcome: HookOutcome): HookOutcome {
  return Object.fromEntries(
    Object.entries(outcome).filter(([, value]) => value !== undefined),
  ) as HookOutcome;
}
