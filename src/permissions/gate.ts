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

/** The gate's answer: the call runs (in the sandbox or not), or it is blocked with this text. */
export type GateOutcome = { run: true; confined: boolean } | { run: false; output: string };

/**
 * The permission gate in two steps around the PreToolUse hooks, Claude Code's order:
 * `floor` (tick's forbidden commands) before them, `check` (rules, mode, analysis, the
 * sandbox and the user) after them. `floor` returns the tool result of a blocked call, or
 * undefined when the call may go on; permission_asked / permission_decided are reported.
 */
export interface PermissionGate {
  floor(call: GateCall, ctx: GateContext): string | undefined;
  check(call: GateCall, hook: HookVerdict | undefined, ctx: GateContext): Promise<GateOutcome>;
}

function decided(
  call: GateCall,
  ctx: GateContext,
  decision: 'allow' | 'deny' | 'ask',
  by: string,
  extra: { confined?: boolean; note?: string } = {},
): void {
  ctx.emit({ type: 'permission_decided', callId: call.callId, decision, by, ...extra });
}

/** Every call let through says whether it runs in the sandbox (only bash ever does). */
const confinedField = (d: PermissionDecision) => ({ confined: d.confined ?? false });

/** Reports a denial and gives the tool result the model reads. */
function denied(call: GateCall, decision: PermissionDecision, ctx: GateContext): string {
  decided(call, ctx, 'deny', decision.by);
  return decision.message ?? `Error: Permission denied (${decision.reason}).`;
}

const blocked = (output: string): GateOutcome => ({ run: false, output });

export function createPermissionGate(policy: PermissionPolicy): PermissionGate {
  return {
    floor(call, ctx) {
      const decision = policy.floor(call);
      return decision ? denied(call, decision, ctx) : undefined;
    },

    async check(call, hook, ctx) {
      const decision = policy.decide(call, hook);
      const confined = decision.confined ?? false;
      if (decision.action === 'allow') {
        decided(call, ctx, 'allow', decision.by, confinedField(decision));
        return { run: true, confined };
      }
      if (decision.action === 'deny') return blocked(denied(call, decision, ctx));
      const request: ApprovalRequest = {
        callId: call.callId,
        toolName: call.toolName,
        look: call.look,
        subject: decision.subject,
        reason: decision.reason,
        ...(decision.alwaysRule ? { alwaysRule: decision.alwaysRule } : {}),
        // Where it runs once allowed, said only when a sandbox is in use and it is bash.
        ...(policy.sandboxInUse && decision.confined !== undefined ? confinedField(decision) : {}),
      };
      const preview = await approvalPreview(call);
      if (preview) request.preview = preview;
      decided(call, ctx, 'ask', decision.by, confinedField(decision));
      ctx.emit({ type: 'permission_asked', request });
      let answer: ApprovalDecision;
      try {
        answer = await ctx.approve(request, ctx.signal);
      } catch (err) {
        decided(call, ctx, 'deny', ctx.signal.aborted ? 'cancelled' : 'error');
        if (ctx.signal.aborted) return blocked(deniedCancelled(decision.subject));
        return blocked(
          `Error: The permission request failed (${(err as Error).message}); the call did not run.`,
        );
      }
      if (answer.decision === 'deny') {
        const note = answer.note?.trim() || undefined;
        decided(call, ctx, 'deny', 'user', note ? { note } : {});
        return blocked(deniedByUser(decision.subject, decision.reason, note));
      }
      if (answer.decision === 'allow_always' && decision.alwaysRule)
        policy.grantAlways(decision.alwaysRule);
      decided(call, ctx, 'allow', 'user', confinedField(decision));
      return { run: true, confined };
    },
  };
}
