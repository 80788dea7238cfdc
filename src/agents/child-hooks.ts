import { HookRegistry, runHooks } from '../hooks/registry';
import { HOOK_EVENTS, type Hook, type HookContext, type HookEventName } from '../hooks/types';

/** Events a child does not fire itself: its prompt is not the user's, and it stops as a subagent. */
const NOT_INHERITED: ReadonlySet<HookEventName> = new Set([
  'UserPromptSubmit',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
]);

/** Who the child is, as its hooks' payloads say (`agent_id`, `agent_type`). */
export interface ChildIdentity {
  agentId: string;
  agentType: string;
}

/**
 * The hooks a child runs under: the parent's tool, notification and compaction hooks as they
 * are, each told which agent fires it (Claude Code's `agent_id` and `agent_type`); its prompt
 * (from the model, not the user) runs the parent's SubagentStart instead of UserPromptSubmit,
 * whose context goes to the child with its task (SubagentStart cannot block; `continue:
 * false` still ends the child); and its Stop is the parent's SubagentStop, with Stop's
 * semantics (a block keeps the child working, `continue: false` ends it). `own`: the hooks of
 * the agent type's definition, which run only inside this child (their Stop hooks as
 * SubagentStop, as Claude Code runs them). A snapshot of the registries at the child's start.
 */
export function childHooks(
  parent: HookRegistry,
  identity: ChildIdentity,
  transcriptPath?: () => string,
  own?: HookRegistry,
): HookRegistry {
  const child = new HookRegistry();
  const tag = (ctx: HookContext): HookContext => ({
    ...ctx,
    agent: { id: identity.agentId, type: identity.agentType },
  });
  const inherit = (registry: HookRegistry) => {
    for (const event of HOOK_EVENTS) {
      if (NOT_INHERITED.has(event)) continue;
      for (const { hook, first } of registry.entries(event)) {
        const inner = hook as Hook<typeof event>;
        child.on(event, (input, ctx) => inner(input, tag(ctx)), { first });
      }
    }
  };
  inherit(parent);
  if (own) inherit(own);
  if (parent.has('SubagentStart')) {
    child.on('UserPromptSubmit', async (_input, ctx) => {
      const { block: _block, ...outcome } = await runHooks(
        parent,
        'SubagentStart',
        { agentId: identity.agentId, agentType: identity.agentType },
        ctx,
      );
      return outcome;
    });
  }
  for (const registry of [parent, own]) {
    if (!registry?.has('SubagentStop')) continue;
    child.on('Stop', (input, ctx) =>
      runHooks(
        registry,
        'SubagentStop',
        {
          ...input,
          agentId: identity.agentId,
          agentType: identity.agentType,
          ...(transcriptPath ? { agentTranscriptPath: transcriptPath() } : {}),
        },
        ctx,
      ),
    );
  }
  return child;
}
