import type { Config } from '../config/types';
import { quietTurnEnd } from './quiet-turn-end';
import { ContextManager, type ContextOptions, type RequestParts } from '../context/manager';
import { OutputSpill, spillLimits } from '../context/spill';
import type { WindowBook } from '../context/window';
import { runHooks, type HookRegistry } from '../hooks/registry';
import type { HookOutcome } from '../hooks/types';
import { isAbortError } from '../model/errors';
import type { ChatMessage } from '../model/types';
import type { ToolDefinition } from '../model/types';
import type { Approve } from '../protocol/approval';
import { todoPlanText } from '../todos/render';
import { toolDefinitions } from '../tools/registry';
import { streamWhile } from './channel';
import type { AgentEvent } from '../protocol/events';
import type { AgentState } from './loop';
import { buildSystemPrompt } from './prompt';
import { modelSkills } from '../extensions/load-extensions';
import { skillListing } from '../extensions/commands/skill-listing';
import type { ExtensionParts } from './wire-extensions';
import type { ModelParts } from './wire-model';
import type { PlanParts } from './wire-plan';
import type { PolicyParts } from './wire-policy';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface ContextWiringOptions {
  config: Config;
  /** The plan as the model should see it again after a compaction (default: the todo list). */
  planText?: () => Promise<string>;
  /** The context window per model. */
  windows: WindowBook;
  state: AgentState;
  hooks: HookRegistry;
  hookContext: { cwd: string; approve: Approve };
  /** The session's folder, where long tool outputs are kept. */
  dataDir: string;
  /** The model in use now (`/model` changes it). */
  modelName: () => string;
  onCompact?: (messages: ChatMessage[]) => void;
}

/**
 * The agent's context: the manager that keeps requests inside it with the V1 todo list as the plan, and the spill for
 * long tool outputs, whose size follows the window.
 */
export function wireContext(options: ContextWiringOptions): {
  context: ContextManager;
  spill: OutputSpill;
  /** A manager for a subagent's own history (same windows; its plan, its compactions). */
  childContext: (planText: () => Promise<string>) => ContextManager;
} {
  const { config, state, hooks, hookContext, windows } = options;
  const preCompact: ContextOptions['preCompact'] = (input, signal) =>
    streamWhile<AgentEvent, HookOutcome>((emit) =>
      runHooks(hooks, 'PreCompact', input, {
        ...hookContext,
        sessionId: state.sessionId,
        signal,
        emit,
      }),
    );
  const context = new ContextManager({
    windows,
    threshold: config.compactThreshold,
    planText: options.planText ?? (() => todoPlanText(state.todos)),
    preCompact,
    ...(options.onCompact ? { onCompact: options.onCompact } : {}),
  });
  const childContext = (planText: () => Promise<string>) =>
    new ContextManager({ windows, threshold: config.compactThreshold, planText, preCompact });
  const spill = new OutputSpill(options.dataDir, () =>
    spillLimits(windows.window(options.modelName())),
  );
  return { context, spill, childContext };
}

/** `/compact [focus]` as a turn of its own: the compaction's events, then turn_end. */
export async function* manualCompaction(
  context: ContextManager,
  state: AgentState,
  parts: RequestParts,
  focus: string,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent> {
  let reason: 'done' | 'stopped' | 'aborted' = 'stopped';
  try {
    if (yield* context.compact(state, parts, 'manual', focus, signal)) reason = 'done';
  } catch (error) {
    if (!signal.aborted && !isAbortError(error)) throw error;
    reason = 'aborted';
  }
  yield quietTurnEnd(reason);
}

export interface ContextParts {
  /**
   * The system prompt for a conversation offered these tools (a subagent has fewer);
   * `instructions: false` leaves the instruction files out (the explore agent type).
   */
  prompt: (toolNames: string[], instructions?: boolean) => string;
  /** The main conversation's system prompt, rebuilt each request (a mode change shows). */
  systemPrompt: () => string;
  /**
   * The tools as the model is offered them now: read per request, since a step may offer
   * tools that come and go while the session runs (MCP servers).
   */
  definitions: () => ToolDefinition[];
  /** What a request is made of, for measuring the context. */
  requestParts: () => RequestParts;
  context: ContextManager;
  spill: OutputSpill;
  childContext: (planText: () => Promise<string>) => ContextManager;
}

type Needs = Setup &
  Pick<SessionParts, 'cwd' | 'baseURL' | 'apiKey' | 'state' | 'hooks' | 'dataDir' | 'compacted'> &
  Pick<PlanParts, 'plan' | 'offered' | 'planText'> &
  ModelParts &
  Pick<PolicyParts, 'policy' | 'approve'> &
  Pick<ExtensionParts, 'extensions'>;

/**
 * What the model sees: the instruction files loaded at start-up, the skills' list, the system
 * prompt, the tools' definitions, and the context manager that keeps requests inside the
 * window (compaction keeps the plan; long tool outputs spill to the session folder).
 */
export const contextStep: WiringStep<Needs, ContextParts> = {
  name: 'context',
  wire: async (parts) => {
    const { config, options, cwd, offered, plan, policy, model } = parts;
    const { extensions } = parts;
    const skills = skillListing(modelSkills(extensions.commands));
    const prompt = (toolNames: string[], withInstructions = true) =>
      buildSystemPrompt({
        cwd,
        toolNames,
        mode: policy.mode,
        instructions: withInstructions ? extensions.startupInstructions : '',
        // Only a conversation that has the skill tool is told of skills.
        skills: toolNames.includes('skill') ? skills : '',
        plan,
      });
    const systemPrompt = () => prompt(Object.keys(offered));
    const definitions = () => toolDefinitions(offered);
    const { context, spill, childContext } = wireContext({
      config,
      windows: parts.windows,
      state: parts.state,
      hooks: parts.hooks,
      hookContext: { cwd, approve: parts.approve },
      dataDir: parts.dataDir,
      modelName: () => model.name,
      planText: parts.planText,
      onCompact: (messages) => {
        options.onCompact?.(messages);
        parts.compacted.forEach((listener) => listener());
      },
    });
    return {
      prompt,
      systemPrompt,
      definitions,
      requestParts: () => ({ model: model.client, system: systemPrompt, tools: definitions() }),
      context,
      spill,
      childContext,
    };
  },
};
