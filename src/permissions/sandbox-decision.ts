import { bashAlwaysRule } from './always-rule';
import type { CommandClassification } from './classify-command';
import { describePart } from './classify-command';
import { allow, ask } from './decisions';
import type { PermissionDecision } from './policy-types';
import type { PermissionMode, SandboxMode } from './types';

/** The sandbox as the policy sees it: the setting, and whether bubblewrap works here. */
export interface SandboxState {
  mode: SandboxMode;
  available: boolean;
  /** Why it is not available (shown when a call is asked for want of it). */
  why?: string;
}

export const NO_SANDBOX: SandboxState = { mode: 'off', available: false };

/** What let a bash call through before the sandbox is considered. */
export type AllowedBy = 'trust' | 'bypass' | 'analysis';

export interface ConfineInput {
  command: string;
  cls: CommandClassification;
  sandbox: SandboxState;
  /** The model asked to run outside the sandbox, for this reason. */
  unconfined?: string;
  /** For an allow: a rule or hook (trust), bypassPermissions, or the analysis. */
  allowedBy: AllowedBy;
  interactive: boolean;
  mode: PermissionMode;
}

/**
 * Where a bash call runs once the rules, the mode and the analysis have spoken: in the
 * sandbox or outside it, and whether that needs a question. Understood commands, and
 * calls a rule or hook allowed, run outside (`auto`); what is not understood runs in the
 * sandbox where it works and is asked where it does not; `always` confines every call; a
 * request to run outside the sandbox (`unconfined`) asks whenever it changes anything.
 */
export function confine(decision: PermissionDecision, input: ConfineInput): PermissionDecision {
  const { cls, sandbox, unconfined } = input;
  if (decision.action === 'deny') return decision;
  const unknownParts = cls.parts.filter((p) => p.level === 'unknown' || p.opaque);
  const confineable = sandbox.available && sandbox.mode === 'auto';
  const wouldConfine =
    sandbox.mode === 'always' ||
    (confineable && unknownParts.length > 0 && input.allowedBy !== 'trust');
  if (decision.action === 'ask') {
    const reason = unconfined
      ? `${decision.reason}; ${outsideReason(unconfined)}`
      : decision.reason;
    return { ...decision, reason, confined: wouldConfine && !unconfined };
  }
  if (unconfined && wouldConfine) {
    // Leaving the sandbox is the user's call, unless bypassPermissions asks nothing (auto).
    if (input.allowedBy === 'bypass' && sandbox.mode !== 'always') {
      return { ...decision, confined: false };
    }
    const why = unknownParts[0]
      ? describePart(unknownParts[0])
      : 'every command runs in the sandbox';
    return askFor(input, `${outsideReason(unconfined)} (${why})`, 'unconfined request');
  }
  if (wouldConfine) {
    const by = input.allowedBy === 'analysis' && sandbox.mode === 'auto' ? 'sandbox' : decision.by;
    return { ...allow(by, decision.reason, decision.subject), confined: true };
  }
  if (unknownParts.length > 0 && input.allowedBy === 'analysis') {
    // Not understood, and no sandbox to run it in: the user decides.
    const missing =
      sandbox.mode === 'off'
        ? 'the sandbox is off'
        : (sandbox.why ?? 'the sandbox is not available');
    const reason = `${describePart(unknownParts[0])}; tick does not understand it and ${missing}`;
    return askFor(input, reason, `mode ${input.mode}`);
  }
  return { ...decision, confined: false };
}

function outsideReason(reason: string): string {
  return `asks to run outside the sandbox: ${reason}`;
}

/** A question whose answer runs the call outside the sandbox. */
function askFor(input: ConfineInput, reason: string, by: string): PermissionDecision {
  const subject = input.command.trim();
  const decision = ask(input.interactive, subject, reason, by, {
    alwaysRule: bashAlwaysRule(input.command, input.cls.parts),
  });
  return { ...decision, confined: false };
}
