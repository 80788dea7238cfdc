import type { AgentEvent } from '../protocol/events';
import type { ToolPreview } from '../protocol/tool-display';
import type { ToolLook } from '../protocol/tool-look';
import { approvalPreview } from './approval-preview';
import { deniedByUser, deniedCancelled } from './denial-text';
import type { HookVerdict, PermissionDecision, PermissionPolicy, ToolCall } from './policy';
import type { ApprovalDecision, ApprovalRequest, Approve } from '../protocol/approval';

/** What the gate needs besides the call: the user, the abort signal, the event stream. */
export interface GateContext {
  signal: AbortSignal;
  approve: Approve;
  emit: (event: AgentEvent) => void;
}

export interface GateCall extends ToolCall {
  callId: string;
  /** How the call looks: the approval request carries it to the prompt. */
  look: ToolLook;
  /** What the call would change, shown in the approval prompt (approval-preview.ts). */
  preview?: (input: unknown) => Promise<ToolPreview | undefined>;
}

/**
 * The permission gate in two steps around the PreToolUse hooks, Claude Code's order:
 * `floor` (tick's forbidden commands) before them, `check` (rules, mode, analysis, and
 * the user) after them. Each returns the tool result text of a blocked call, or
 * undefined when the call may run; permission_asked / permission_decided are reported.
 */
export interface PermissionGate {
  floor(call: GateCall, ctx: GateContext): string | undefined;
  check(
    call: GateCall,
    hook: HookVerdict | undefined,
    ctx: GateContext,
  ): Promise<string | undefined>;
}

/** Reports a denial and gives the tool result the model reads. */
function denied(call: GateCall, decision: PermissionDecision, ctx: GateContext): string {
  ctx.emit({ type: 'permission_decided', callId: call.callId, decision: 'deny', by: decision.by });
  return decision.message ?? `Error: Permission denied (${decision.reason}).`;
}

export function createPermissionGate(policy: PermissionPolicy): PermissionGate {
  return {
    floor(call, ctx) {
      const decision = policy.floor(call);
      return decision ? denied(call, decision, ctx) : undefined;
    },

    async check(call, hook, ctx) {
      const decision = policy.decide(call, hook);
      if (decision.action === 'allow') {
        // A hook's allow skipped a prompt: say so, as a rule's would not need to.
        if (decision.by === 'hook') {
          ctx.emit({
            type: 'permission_decided',
            callId: call.callId,
            decision: 'allow',
            by: 'hook',
          });
        }
        return undefined;
      }
      if (decision.action === 'deny') return denied(call, decision, ctx);
      const request: ApprovalRequest = {
        callId: call.callId,
        toolName: call.toolName,
        look: call.look,
        subject: decision.subject,
        reason: decision.reason,
        ...(decision.alwaysRule ? { alwaysRule: decision.alwaysRule } : {}),
      };
      const preview = await approvalPreview(call);
      if (preview) request.preview = preview;
      ctx.emit({ type: 'permission_asked', request });
      let answer: ApprovalDecision;
      try {
        answer = await ctx.approve(request, ctx.signal);
      } catch (err) {
        const by = ctx.signal.aborted ? 'cancelled' : 'error';
        ctx.emit({ type: 'permission_decided', callId: call.callId, decision: 'deny', by });
        if (ctx.signal.aborted) return deniedCancelled(decision.subject);
        return `Error: The permission request failed (${(err as Error).message}); the call did not run.`;
      }
      if (answer.decision === 'deny') {
        const note = answer.note?.trim() || undefined;
        ctx.emit({
          type: 'permission_decided',
          callId: call.callId,
          decision: 'deny',
          by: 'user',
          ...(note ? { note } : {}),
        });
        return deniedByUser(decision.subject, decision.reason, note);
      }
      if (answer.decision === 'allow_always' && decision.alwaysRule)
        policy.grantAlways(decision.alwaysRule);
      ctx.emit({ type: 'permission_decided', callId: call.callId, decision: 'allow', by: 'user' });
      return undefined;
    },
  };
}
