import { HookRegistry, runHooks } from '../hooks/registry';
import { HOOK_EVENTS, type Hook, type HookEventName } from '../hooks/types';
import { SUBAGENT_TYPE } from './types';

/** Events a child does not fire itself: its prompt is not the user's, and it stops as a subagent. */
const NOT_INHERITED: ReadonlySet<HookEventName> = new Set([
  'UserPromptSubmit',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
]);

/**
 * The hooks a child runs under: the parent's tool, notification and compaction hooks as they
 * are; its prompt (from the model, not the user) runs the parent's SubagentStart instead of
 * UserPromptSubmit, whose context goes to the child with its task (SubagentStart cannot block;
 * `continue: false` still ends the child); and its Stop is the parent's SubagentStop, with
 * Stop's semantics (a block keeps the child working, `continue: false` ends it). A snapshot of
 * the parent's registry at the child's start.
 */
export function childHooks(
  parent: HookRegistry,
  agentId: string,
  transcriptPath?: () => string,
): HookRegistry {
  const child = new HookRegistry();
  for (const event of HOOK_EVENTS) {
    if (NOT_INHERITED.has(event)) continue;
    for (const { hook, first } of parent.entries(event))
      child.on(event, hook as Hook<typeof event>, { first });
  }
  if (parent.has('SubagentStart')) {
    child.on('UserPromptSubmit', async (_input, ctx) => {
      const { block: _block, ...outcome } = await runHooks(
        parent,
        'SubagentStart',
        { agentId, agentType: SUBAGENT_TYPE },
        ctx,
      );
      return outcome;
    });
  }
  if (parent.has('SubagentStop')) {
    child.on('Stop', (input, ctx) =>
      runHooks(
        parent,
        'SubagentStop',
        {
          ...input,
          agentId,
          agentType: SUBAGENT_TYPE,
          ...(transcriptPath ? { agentTranscriptPath: transcriptPath() } : {}),
        },
        ctx,
      ),
    );
  }
  return child;
}
