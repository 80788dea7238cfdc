import { createSubagentHost, type SubagentHost } from '../agents/host';
import { childLoop, type ParentWiring } from './child-loop';
import { AGENTS_DEFAULTS } from '../config/types';
import { currentPlanText } from './plan-text';
import { REMINDER_TEXT, TASKS_REMINDER_TEXT } from './reminder';
import type { ContextParts } from './wire-context';
import type { HookParts } from './wire-hooks';
import type { ModelParts } from './wire-model';
import type { PlanParts } from './wire-plan';
import type { PolicyParts } from './wire-policy';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface SubagentParts {
  /** Runs the `agent` tool's children. */
  subagents: SubagentHost;
}

type LoopNeeds = Setup &
  Pick<SessionParts, 'cwd' | 'roots' | 'hooks'> &
  Pick<PlanParts, 'plan' | 'tools' | 'taskList'> &
  Pick<PolicyParts, 'permissions' | 'approve'> &
  Pick<ContextParts, 'spill'>;

/** What the loop runs with, the main agent's and its children's alike. */
export function loopWiring(parts: LoopNeeds): ParentWiring {
  const { config } = parts;
  return {
    tools: parts.tools,
    hooks: parts.hooks,
    permissions: parts.permissions,
    approve: parts.approve,
    cwd: parts.cwd,
    roots: parts.roots,
    sandbox: config.sandbox,
    reminderRounds: config.reminderRounds,
    reminderText: parts.plan === 'tasks' ? TASKS_REMINDER_TEXT : REMINDER_TEXT,
    taskList: parts.taskList,
    spill: parts.spill,
  };
}

type Needs = LoopNeeds &
  Pick<SessionParts, 'state'> &
  ModelParts &
  Pick<ContextParts, 'prompt' | 'childContext'> &
  Pick<HookParts, 'transcript'>;

/**
 * Subagents: the host the `agent` tool runs its children in, each a fresh loop with the
 * parent's wiring (read when the child starts, so a mode or model change reaches it).
 */
export const subagentsStep: WiringStep<Needs, SubagentParts> = {
  name: 'subagents',
  wire: (parts) => {
    const { options, model, taskList, transcript } = parts;
    const settings = parts.config.agents ?? AGENTS_DEFAULTS;
    const subagents = createSubagentHost({
      settings,
      runChild: childLoop({
        sessionId: parts.state.sessionId,
        maxTurns: settings.maxTurns,
        parent: () => loopWiring(parts),
        model: () => (settings.model ? model.clientFor(settings.model) : model.client),
        systemPrompt: parts.prompt,
        context: (child) => parts.childContext(() => currentPlanText(child, taskList)),
        transcript: (agentId) => transcript.sidechain(agentId),
        ...(options.onSubagentMessage ? { onMessage: options.onSubagentMessage } : {}),
      }),
    });
    return { subagents };
  },
};
