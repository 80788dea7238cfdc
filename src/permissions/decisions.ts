/**
 * The decisions the policy hands out, as plain values: who decided, why, and for a denial
 * the text the model reads. In print mode (not interactive) an "ask" is a denial naming
 * what would allow the call.
 */
import { deniedByRule, deniedInPrintMode } from './denial-text';
import type { HookVerdict, PermissionDecision } from './policy-types';
import type { RuleMatch } from './rules';

export function allow(by: string, reason: string, subject: string): PermissionDecision {
  return { action: 'allow', reason, by, subject };
}

export function allowByRule(match: RuleMatch, subject: string): PermissionDecision {
  const rule = match.entry.rule.text;
  return allow(`rule allow ${rule}`, `allowed by ${rule} (${match.entry.source})`, subject);
}

export function deny(
  by: string,
  reason: string,
  subject: string,
  message: string,
): PermissionDecision {
  return { action: 'deny', reason, by, subject, message };
}

export function denyByRule(match: RuleMatch, subject: string): PermissionDecision {
  const rule = match.entry.rule.text;
  return deny(
    `rule deny ${rule}`,
    `denied by ${rule}`,
    subject,
    deniedByRule(subject, rule, match.entry.source),
  );
}

export function askByRule(
  interactive: boolean,
  match: RuleMatch,
  subject: string,
): PermissionDecision {
  const rule = match.entry.rule.text;
  return ask(interactive, subject, `matches the ask rule ${rule}`, `rule ask ${rule}`, {
    askRule: true,
  });
}

export function askByHook(
  interactive: boolean,
  subject: string,
  hook: HookVerdict,
): PermissionDecision {
  return ask(interactive, subject, `a hook asks: ${hook.reason ?? 'approval needed'}`, 'hook', {
    hookAsk: true,
  });
}

/** Ask the user; in print mode there is no one to ask, so it is a denial that names the fix. */
export function ask(
  interactive: boolean,
  subject: string,
  reason: string,
  by: string,
  opts: { alwaysRule?: string; acceptEdits?: boolean; askRule?: boolean; hookAsk?: boolean } = {},
): PermissionDecision {
  if (!interactive) {
    const message =
      opts.askRule || opts.hookAsk
        ? deniedInPrintMode(subject, reason, { askRule: opts.askRule, hookAsk: opts.hookAsk })
        : deniedInPrintMode(subject, reason, {
            acceptEdits: opts.acceptEdits ?? false,
            rule: opts.alwaysRule,
          });
    return deny('print mode', reason, subject, message);
  }
  return {
    action: 'ask',
    reason,
    by,
    subject,
    ...(opts.alwaysRule ? { alwaysRule: opts.alwaysRule } : {}),
  };
}
