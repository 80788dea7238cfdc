import type { ContextManager } from '../context/manager';
import type { ChatMessage, ModelClient } from '../model/types';
import { toolDefinitions } from '../tools/registry';
import type { Tool } from '../tools/types';
import { childHooks } from '../agents/child-hooks';
import type { ChildLoop } from '../agents/host';
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
>;

export interface ChildLoopOptions {
  sessionId: string;
  /** agents.maxTurns: the cap on a child's model requests. */
  maxTurns: number;
  /** The parent's wiring now (a mode or model change reaches the next child). */
  parent: () => ParentWiring;
  /** The model children use: `agents.model`, else the parent's current one. */
  model: () => ModelClient;
  /** The system prompt for a conversation offered these tools. */
  systemPrompt: (toolNames: string[]) => string;
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

/** The child's tools: the parent's minus `agent` (children start no children). */
export function childTools(tools: Record<string, Tool>): Record<string, Tool> {
  return Object.fromEntries(Object.entries(tools).filter(([, tool]) => tool.look.role !== 'agent'));
}

/**
 * How the subagent host runs a child: the same `runAgent` as the parent's, with a fresh
 * state (its task only), the parent's wiring minus `agent`, hooks derived from the
 * parent's, and approvals that say which child asks.
 */
export function childLoop(options: ChildLoopOptions): ChildLoop {
  return ({ agentId, parentCallId, request }, signal) => {
    const parent = options.parent();
    const tools = childTools(parent.tools);
    const state: AgentState = {
      sessionId: options.sessionId,
      messages: [],
      todos: [],
      roundsSinceTodo: 0,
    };
    const transcript = options.transcript?.(agentId);
    const deps: AgentDeps = {
      ...parent,
      model: options.model(),
      tools,
      toolDefinitions: toolDefinitions(tools),
      hooks: childHooks(parent.hooks, agentId, transcript && (() => transcript.path())),
      // The same prompt as the parent's calls, saying which child asks.
      approve: (ask, askSignal) =>
        parent.approve(
          { ...ask, agent: { id: agentId, description: request.description } },
          askSignal,
        ),
      // Built per request, as the parent's: a mode change reaches a running child at once.
      systemPrompt: () => [options.systemPrompt(Object.keys(tools)), '', SUBAGENT_NOTE].join('\n'),
      maxTurns: options.maxTurns,
      context: options.context(state),
      agentName: agentId,
      ...(parent.spill ? { spill: parent.spill.forAgent(agentId) } : {}),
      onMessage: (message) => {
        options.onMessage?.(agentId, parentCallId, message);
        transcript?.add(message);
      },
    };
    return runAgent(request.prompt, state, deps, signal);
  };
}
