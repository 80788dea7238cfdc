import type {
  Hook,
  HookContext,
  HookEventName,
  HookInputs,
  HookOutcome,
  HookPermission,
  ToolCallInput,
} from './types';
import { HOOK_EVENTS } from './types';

/** A hook as registered: `first` hooks run before the others of their event (see runHooks). */
export interface RegisteredHook<E extends HookEventName> {
  hook: Hook<E>;
  first: boolean;
}

type HookLists = { [E in HookEventName]: RegisteredHook<E>[] };

/** In-process hooks per event, kept in registration order. */
export class HookRegistry {
  private readonly hooks = Object.fromEntries(
    HOOK_EVENTS.map((event) => [event, []]),
  ) as unknown as HookLists;

  /**
   * `first`: the hook runs before the event's other hooks, and the `extras` it returns
   * are added to the payload they get (tick's own preparation, e.g. the checkpoint taken
   * before a call, whose id command hooks see as `checkpoint_id`).
   */
  on<E extends HookEventName>(event: E, hook: Hook<E>, options: { first?: boolean } = {}): void {
    this.hooks[event].push({ hook, first: options.first ?? false });
  }

  list<E extends HookEventName>(event: E): Hook<E>[] {
    return this.hooks[event].map((entry) => entry.hook);
  }

  /** The hooks of an event with how they were registered (to copy a registry). */
  entries<E extends HookEventName>(event: E): RegisteredHook<E>[] {
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
 * even when a sibling blocks), after the hooks registered as `first` (tick's own, all at
 * once too): their `extras` join the payload of the others (tool events) and the outcome.
 * What the hooks say is merged:
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
  const entries = registry.entries(event);
  const run = (hooks: Hook<E>[], payload: HookInputs[E]) =>
    Promise.all(
      hooks.map(async (hook) => {
        try {
          const outcome = (await hook(payload, ctx)) ?? {};
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
  const early = await run(
    entries.filter((entry) => entry.first).map((entry) => entry.hook),
    input,
  );
  const extras = Object.assign({}, ...early.map((outcome) => outcome.extras)) as Record<
    string,
    unknown
  >;
  const hasExtras = Object.keys(extras).length > 0;
  // Only tool events carry extras in their payload (ToolCallInput.extras).
  const payload =
    hasExtras && isToolCallInput(input)
      ? ({ ...input, extras: { ...input.extras, ...extras } } as HookInputs[E])
      : input;
  const rest = await run(
    entries.filter((entry) => !entry.first).map((entry) => entry.hook),
    payload,
  );
  const merged = mergeOutcomes([...early, ...rest], event === 'PreToolUse');
  if (event === 'PreToolUse' && lastRewrite) Object.assign(merged, lastRewrite);
  if (hasExtras) merged.extras = extras;
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

function isToolCallInput(input: unknown): input is ToolCallInput {
  return typeof input === 'object' && input !== null && 'callId' in input && 'claude' in input;
}

function stripEmpty(outcome: HookOutcome): HookOutcome {
  return Object.fromEntries(
    Object.entries(outcome).filter(([, value]) => value !== undefined),
  ) as HookOutcome;
}
