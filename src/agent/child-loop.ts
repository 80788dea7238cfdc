import type { ContextManager } from '../context/manager';
import type { ChatMessage, ModelClient } from '../model/types';
import type { AgentEvent } from '../protocol/events';
import { toolDefinitions } from '../tools/registry';
import type { Tool } from '../tools/types';
import type { HookRegistry } from '../hooks/registry';
import { childHooks } from '../agents/child-hooks';
import type { ChildLoop } from '../agents/host';
import { readOnlyGate } from '../agents/read-only-gate';
import type { AgentType } from '../extensions/agent-types/agent-type';
import { runAgent, type AgentDeps, type AgentState } from './loop';

/** What a child takes from its parent: the parent's loop wiring, minus its conversation. */
export type ParentWiring = Pick<
  AgentDeps,
  | 'tools'
  | 'hooks'
  | 'permissions'
  | 'approve'
  | 'cwd'
  | 'roots'
  | 'sandbox'
  | 'reminderRounds'
  | 'reminderText'
  | 'taskList'
  | 'spill'
  | 'prompts'
  | 'shellEnvFile'
>;

export interface ChildLoopOptions {
  sessionId: string;
  /** agents.maxTurns: the cap on a child's model requests. */
  maxTurns: number;
  /** The parent's wiring now (a mode or model change reaches the next child). */
  parent: () => ParentWiring;
  /** The model a child of this type uses (its `model`, `agents.model`, or the parent's current one). */
  model: (type: AgentType) => ModelClient;
  /** The system prompt of a child of this type offered these tools. */
  systemPrompt: (type: AgentType, toolNames: string[]) => string;
  /** Does tick read this bash command as read-only? (For read-only types such as explore.) */
  readOnly: (command: string) => boolean;
  /** The hooks of a type's definition, registered for one child (none: undefined). */
  ownHooks?: (type: AgentType) => Promise<HookRegistry | undefined>;
  /** A context manager for the child's own history (its own compaction, its own plan). */
  context: (state: AgentState) => ContextManager;
  /** A child's Claude-shaped transcript, for SubagentStop's `agent_transcript_path`. */
  transcript?: (agentId: string) => { path(): string; add(message: ChatMessage): void };
  /** Each message of a child's history (the session log keeps it as a side chain). */
  onMessage?: (agentId: string, parentCallId: string, message: ChatMessage) => void;
}

/** Tells the child it works for another agent, which sees only its final message. */
export const SUBAGENT_NOTE =
  'You are a subagent: another agent gave you the task below and sees nothing of your work ' +
  'but your final message. Do the task with your tools, then end with a concise report of ' +
  'what you found or did (paths, names, results), without asking questions.';

/**
 * The child's tools: the parent's minus `agent` (children start no children), minus what its
 * type disallows, and only what its type lists when it lists tools.
 */
export function childTools(
  tools: Record<string, Tool>,
  type?: Pick<AgentType, 'tools' | 'disallowedTools'>,
): Record<string, Tool> {
  return Object.fromEntries(
    Object.entries(tools).filter(
      ([name, tool]) =>
        tool.look.role !== 'agent' &&
        !type?.disallowedTools.includes(name) &&
        (type?.tools === undefined || type.tools.includes(name)),
    ),
  );
}

/**
 * How the subagent host runs a child: the same `runAgent` as the parent's, with a fresh
 * state (its task only), the parent's wiring minus `agent`, hooks derived from the
 * parent's, and approvals that say which child asks.
 */
export function childLoop(options: ChildLoopOptions): ChildLoop {
  return ({ agentId, parentCallId, request, type }, signal) => {
    const model = options.model(type);
    return {
      model: model.model,
      events: runChild(options, { agentId, parentCallId, request, type }, model, signal),
    };
  };
}

async function* runChild(
  options: ChildLoopOptions,
  { agentId, parentCallId, request, type }: Parameters<ChildLoop>[0],
  model: ModelClient,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent> {
  const parent = options.parent();
  const tools = childTools(parent.tools, type);
  const state: AgentState = {
    sessionId: options.sessionId,
    messages: [],
    todos: [],
    roundsSinceTodo: 0,
  };
  const transcript = options.transcript?.(agentId);
  const own = await options.ownHooks?.(type);
  const deps: AgentDeps = {
    ...parent,
    model,
    tools,
    toolDefinitions: toolDefinitions(tools),
    hooks: childHooks(
      parent.hooks,
      { agentId, agentType: type.name },
      transcript && (() => transcript.path()),
      own,
    ),
    ...(type.readOnlyBash
      ? { permissions: readOnlyGate(parent.permissions, type.name, options.readOnly) }
      : {}),
    // The same prompt as the parent's calls, saying which child asks.
    approve: (ask, askSignal) =>
      parent.approve(
        { ...ask, agent: { id: agentId, description: request.description } },
        askSignal,
      ),
    // Built per request, as the parent's: a mode change reaches a running child at once.
    systemPrompt: () =>
      [options.systemPrompt(type, Object.keys(tools)), '', SUBAGENT_NOTE].join('\n'),
    maxTurns: type.maxTurns ?? options.maxTurns,
    context: options.context(state),
    agentName: agentId,
    ...(parent.spill ? { spill: parent.spill.forAgent(agentId) } : {}),
    onMessage: (message) => {
      options.onMessage?.(agentId, parentCallId, message);
      transcript?.add(message);
    },
  };
  yield* runAgent(request.prompt, state, deps, signal);
}
