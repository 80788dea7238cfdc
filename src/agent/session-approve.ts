import type { AgentEvent } from '../protocol/events';
import type { PermissionPolicy } from '../permissions/policy';
import type { Approve } from '../protocol/approval';
import { saveAllowRule } from './save-allow-rule';
import type { ItemGrants, PlanItem } from '../permissions/item-grants';

export interface SessionApproveOptions {
  /** The app's or print mode's own question to the user. */
  ask: Approve;
  cwd: string;
  policy: PermissionPolicy;
  /**
   * Before a question in the app (Claude Code's Notification hook); what it returns is
   * called once the user has answered.
   */
  beforeAsk?: (toolName: string) => () => void;
  /** An "allow always" answer: the session log records the rule. */
  onGrant?: (rule: string) => void;
  /** A rule that could not be saved: a non-fatal error event. */
  report: (event: AgentEvent) => void;
  /** Grants for a plan item, and the items in progress now (the app offers them). */
  itemGrants?: { grants: ItemGrants; inProgress: () => Promise<PlanItem[]> };
}

/**
 * The session's `approve`: asks the user, and carries out an "allow always" answer
 * whoever asked (the main loop, a subagent, a hook): the session log learns of it, and
 * "always, in this project" saves the rule to the local settings file and adds it to the
 * policy.
 */
export function sessionApprove(options: SessionApproveOptions): Approve {
  return async (asked, signal) => {
    let request = asked;
    const items = options.itemGrants;
    if (items && request.alwaysRule) {
      const inProgress = await items.inProgress();
      items.grants.prune(inProgress);
      // A grant for the item still in progress answers without asking.
      if (items.grants.covers(request.alwaysRule)) return { decision: 'allow_once' };
      if (inProgress[0]) request = { ...request, planItem: inProgress[0] };
    }
    const answered = options.beforeAsk?.(request.toolName);
    const answer = await options.ask(request, signal).finally(() => answered?.());
    if (answer.decision === 'allow_item' && request.alwaysRule && request.planItem)
      items?.grants.add(request.alwaysRule, request.planItem);
    if (answer.decision === 'allow_always' && request.alwaysRule) {
      options.onGrant?.(request.alwaysRule);
      if (answer.save) {
        const error = await saveAllowRule(options.cwd, request.alwaysRule);
        if (error) options.report({ type: 'error', message: error, fatal: false });
        // Saved: the rule now lives in the local settings file (not just this session).
        else options.policy.addRule('allow', request.alwaysRule, 'local');
      }
    }
    return answer;
  };
}
