import type { Hook } from '../hooks/types';
import { approvalPreview } from './approval-preview';
import { deniedByUser, deniedCancelled } from './denial-text';
import type { PermissionPolicy } from './policy';
import type { ApprovalDecision, ApprovalRequest } from './types';

/**
 * The permission gate, the first PreToolUse hook. Allowed calls pass silently; denied
 * ones are blocked with a text that tells the model what denied them; the rest are put
 * to the user (ctx.approve: the app's keyboard prompt, or print mode's flag policy),
 * with permission_asked / permission_decided reported in order.
 */
export function createPermissionGate(policy: PermissionPolicy): Hook<'PreToolUse'> {
  return async (input, ctx) => {
    const decision = policy.decide({
      toolName: input.toolName,
      input: input.input,
      access: input.access,
    });
    if (decision.action === 'allow') return {};
    if (decision.action === 'deny') {
      ctx.emit({
        type: 'permission_decided',
        callId: input.callId,
        decision: 'deny',
        by: decision.by,
      });
      return { block: decision.message ?? `Error: Permission denied (${decision.reason}).` };
    }
    const request: ApprovalRequest = {
      callId: input.callId,
      toolName: input.toolName,
      subject: decision.subject,
      reason: decision.reason,
      ...(decision.alwaysRule ? { alwaysRule: decision.alwaysRule } : {}),
    };
    const preview = await approvalPreview(input);
    if (preview) request.preview = preview;
    ctx.emit({ type: 'permission_asked', request });
    let answer: ApprovalDecision;
    try {
      answer = await ctx.approve(request, ctx.signal);
    } catch (err) {
      const by = ctx.signal.aborted ? 'cancelled' : 'error';
      ctx.emit({ type: 'permission_decided', callId: input.callId, decision: 'deny', by });
      if (ctx.signal.aborted) return { block: deniedCancelled(decision.subject) };
      return {
        block: `Error: The permission request failed (${(err as Error).message}); the call did not run.`,
      };
    }
    if (answer.decision === 'deny') {
      const note = answer.note?.trim() || undefined;
      ctx.emit({
        type: 'permission_decided',
        callId: input.callId,
        decision: 'deny',
        by: 'user',
        ...(note ? { note } : {}),
      });
      return { block: deniedByUser(decision.subject, decision.reason, note) };
    }
    if (answer.decision === 'allow_always' && decision.alwaysRule)
      policy.grantAlways(decision.alwaysRule);
    ctx.emit({ type: 'permission_decided', callId: input.callId, decision: 'allow', by: 'user' });
    return {};
  };
}
