import { homedir } from 'node:os';
import { createPermissionGate, type PermissionGate } from '../permissions/gate';
import { PermissionPolicy } from '../permissions/policy';
import type { Approve } from '../protocol/approval';
import { sandboxSetup } from './sandbox-setup';
import { sessionApprove } from './session-approve';
import { ItemGrants } from '../permissions/item-grants';
import { itemsInProgress } from './plan-items';
import type { PlanParts } from './wire-plan';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface PolicyParts {
  policy: PermissionPolicy;
  /** The gate the loop runs before the PreToolUse hooks. */
  permissions: PermissionGate;
  /** Asks the user (the app's prompt, print mode's flags) and carries out "allow always". */
  approve: Approve;
  /** Heard just before the user is asked about a call (the tool's name). */
  beforeAsk: Set<(toolName: string) => () => void>;
  /** "Allow for this item" grants (/permissions lists them). */
  itemGrants: ItemGrants;
  /** Said once at the start: the sandbox cannot run here. */
  sandboxNotice?: string;
}

type Needs = Setup &
  Pick<SessionParts, 'cwd' | 'roots' | 'dataDir' | 'report' | 'state'> &
  Pick<PlanParts, 'tasks'>;

/**
 * Permissions and approvals: the policy (mode, rules from settings and flags, the grants a
 * resumed session made, the sandbox as probed), its gate, and the session's `approve`.
 */
export const policyStep: WiringStep<Needs, PolicyParts> = {
  name: 'policy',
  wire: async ({ config, options, cwd, roots, dataDir, report, state, tasks }) => {
    const sandbox = await sandboxSetup(config.sandbox);
    const policy = new PermissionPolicy({
      sandbox: sandbox.state,
      mode: config.permissionMode,
      ...(config.ruleSources ? { sources: config.ruleSources } : { rules: config.permissions }),
      roots,
      // tick's own files (long outputs kept for the model) are read without asking.
      readRoots: [dataDir],
      cwd,
      home: homedir(),
      interactive: options.interactive,
      onSessionRuleRemoved: (rule) => options.onRevoke?.(rule),
    });
    for (const rule of options.grantedRules ?? []) policy.grantAlways(rule);
    const beforeAsk = new Set<(toolName: string) => () => void>();
    const itemGrants = new ItemGrants();
    const approve = sessionApprove({
      ask: options.approve,
      cwd,
      policy,
      beforeAsk: (toolName) => {
        const answered = [...beforeAsk].map((listener) => listener(toolName));
        return () => answered.forEach((done) => done());
      },
      ...(options.onGrant && { onGrant: options.onGrant }),
      // A rule that could not be saved: shown before the loop's next event.
      report,
      itemGrants: {
        grants: itemGrants,
        inProgress: async () => itemsInProgress(state.todos, await tasks.snapshot()),
      },
    });
    return {
      policy,
      permissions: createPermissionGate(policy),
      approve,
      beforeAsk,
      itemGrants,
      ...(sandbox.notice ? { sandboxNotice: sandbox.notice } : {}),
    };
  },
};
