import { createSubagentHost, type SubagentHost } from '../agents/host';
import { childLoop, type ParentWiring } from './child-loop';
import { promptServices } from './prompt-services';
import { AGENTS_DEFAULTS } from '../config/types';
import { currentPlanText } from './plan-text';
import { REMINDER_TEXT, TASKS_REMINDER_TEXT } from './reminder';
import type { ContextParts } from './wire-context';
import type { HookParts } from './wire-hooks';
import type { ModelParts } from './wire-model';
import type { PlanParts } from './wire-plan';
import type { PolicyParts } from './wire-policy';
import { sessionEnvFile, type SessionParts, type Setup } from './wire-session';
import type { ExtensionParts } from './wire-extensions';
import type { WiringStep } from './wiring';
import { homedir } from 'node:os';
import { classifyCommand } from '../permissions/classify-command';
import type { AgentType } from '../extensions/agent-types/agent-type';
import { HookRegistry } from '../hooks/registry';

export interface SubagentParts {
  /** Runs the `agent` tool's children. */
  subagents: SubagentHost;
}

type LoopNeeds = Setup &
  Pick<SessionParts, 'cwd' | 'roots' | 'hooks' | 'state' | 'dataDir'> &
  Pick<PlanParts, 'plan' | 'tools' | 'taskList'> &
  Pick<PolicyParts, 'permissions' | 'approve'> &
  Pick<ContextParts, 'spill'> &
  Pick<ExtensionParts, 'grants'>;

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
    shellEnvFile: sessionEnvFile(parts.dataDir),
    prompts: (ctx, emit) => promptServices(ctx, emit, parts.grants, parts.state.sessionId),
  };
}

type Needs = LoopNeeds &
  Pick<SessionParts, 'state'> &
  ModelParts &
  Pick<ContextParts, 'prompt' | 'childContext'> &
  Pick<HookParts, 'transcript'> &
  Pick<ExtensionParts, 'extensions'> &
  Pick<PolicyParts, 'policy'>;

/**
 * Subagents: the host the `agent` tool runs its children in, each a fresh loop with the
 * parent's wiring (read when the child starts, so a mode or model change reaches it).
 */
export const subagentsStep: WiringStep<Needs, SubagentParts> = {
  name: 'subagents',
  wire: (parts) => {
    const { options, model, taskList, transcript, cwd, roots } = parts;
    const settings = parts.config.agents ?? AGENTS_DEFAULTS;
    /** A type's own model, else explore's setting, else agents.model, else the session's. */
    const modelName = (type: AgentType) =>
      type.model ?? (type.exploreModel ? settings.exploreModel : undefined) ?? settings.model;
    const subagents = createSubagentHost({
      settings,
      types: parts.extensions.agentTypes,
      runChild: childLoop({
        sessionId: parts.state.sessionId,
        maxTurns: settings.maxTurns,
        parent: () => loopWiring(parts),
        model: (type) => {
          const name = modelName(type);
          return name ? model.clientFor(name) : model.client;
        },
        systemPrompt: (type, toolNames) => childPrompt(parts.prompt, type, toolNames, cwd),
        readOnly: (command) =>
          classifyCommand(command, { cwd, roots, home: homedir() }).level === 'read-only',
        ownHooks: (type) => typeHooks(type, parts),
        context: (child) => parts.childContext(() => currentPlanText(child, taskList)),
        transcript: (agentId) => transcript.sidechain(agentId),
        ...(options.onSubagentMessage ? { onMessage: options.onSubagentMessage } : {}),
      }),
    });
    return { subagents };
  },
};

/**
 * A child's system prompt: tick's own (general-purpose), or a definition's body followed by
 * where it works and what tools it has; the instruction files unless the type skips them.
 */
function childPrompt(
  prompt: (toolNames: string[], instructions?: boolean) => string,
  type: AgentType,
  toolNames: string[],
  cwd: string,
): string {
  if (!type.prompt) return prompt(toolNames, type.instructions);
  const base = prompt(toolNames, type.instructions);
  const instructions = base.indexOf('\n# Project instructions');
  return [
    type.prompt,
    '',
    `The workspace is ${cwd}; paths are relative to it. Tools: ${toolNames.join(', ')}.`,
    ...(instructions >= 0 ? [base.slice(instructions)] : []),
  ].join('\n');
}

/** The hooks of a definition's frontmatter, run only inside its children. */
async function typeHooks(
  type: AgentType,
  parts: Pick<Needs, 'state' | 'cwd' | 'transcript' | 'policy'>,
): Promise<HookRegistry | undefined> {
  if (!type.hooks) return undefined;
  const { registerCommandHooks } = await import('../hooks/command-hooks');
  const registry = new HookRegistry();
  registerCommandHooks(registry, type.hooks, {
    sessionId: parts.state.sessionId,
    cwd: parts.cwd,
    transcriptPath: () => parts.transcript.path(),
    permissionMode: () => parts.policy.mode,
    ruleMatches: (rule, call) => parts.policy.ruleMatchesCall(rule, call),
  });
  return registry;
}
