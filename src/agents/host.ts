import { randomUUID } from 'node:crypto';
import type { AgentsConfig } from '../config/types';
import type { AgentType, AgentTypeCatalog } from '../extensions/agent-types/agent-type';
import { GENERAL_PURPOSE } from '../extensions/agent-types/built-in';
import type { AgentEvent } from '../protocol/events';
import { Limiter } from './limiter';
import { claudeResponse, noteChildEvent, parentResult, type ChildRun } from './outcome';
import type { SubagentOutcome, SubagentRequest } from './types';

/** One child to run: who it is, whose call started it, and its task. */
export interface ChildStart {
  agentId: string;
  parentCallId: string;
  request: SubagentRequest;
  /** The kind of agent the request names (general-purpose when it names none). */
  type: AgentType;
}

/**
 * Starts one child's loop: the model it runs on and its events. The agent layer supplies it
 * (a fresh state, the parent's wiring), so the host needs nothing of the loop's own.
 */
export type ChildLoop = (
  child: ChildStart,
  signal: AbortSignal,
) => { model: string; events: AsyncIterable<AgentEvent> };

export interface SubagentHostOptions {
  settings: AgentsConfig;
  /** The agent types `subagent_type` may name. */
  types: AgentTypeCatalog;
  runChild: ChildLoop;
}

/** Runs the `agent` tool's children: one fresh loop each, at most `maxParallel` at once. */
export interface SubagentHost {
  run(
    request: SubagentRequest,
    parentCallId: string,
    signal: AbortSignal,
    emit: (event: AgentEvent) => void,
  ): Promise<SubagentOutcome>;
  /**
   * The user stops one running child (Ctrl+C in its view): only its loop is aborted; its
   * parent's call gets a "stopped by the user" error and the parent's turn goes on. False
   * when no child of that id runs.
   */
  stop(agentId: string): boolean;
}

/** A running child's own abort: its parent's signal reaches it, and so does `stop`. */
interface RunningChild {
  abort: AbortController;
  stoppedByUser: boolean;
}

export function createSubagentHost(options: SubagentHostOptions): SubagentHost {
  const limiter = new Limiter(options.settings.maxParallel);
  const running = new Map<string, RunningChild>();
  return {
    run: (request, parentCallId, signal, emit) =>
      limiter.run(() => runChild(options, request, parentCallId, signal, emit, running)),
    stop(agentId) {
      const child = running.get(agentId);
      if (!child || child.abort.signal.aborted) return false;
      child.stoppedByUser = true;
      child.abort.abort();
      return true;
    },
  };
}

async function runChild(
  options: SubagentHostOptions,
  request: SubagentRequest,
  parentCallId: string,
  parentSignal: AbortSignal,
  emit: (event: AgentEvent) => void,
  running: Map<string, RunningChild>,
): Promise<SubagentOutcome> {
  const type = request.subagentType
    ? options.types.find(request.subagentType)
    : (options.types.find(GENERAL_PURPOSE.name) ?? GENERAL_PURPOSE);
  if (!type) {
    const names = options.types.list().map((t) => t.name);
    return {
      ok: false,
      text: `Error: no agent type '${request.subagentType}'. subagent_type is one of: ${names.join(', ')}`,
    };
  }
  const agentId = `agent-${randomUUID().slice(0, 8)}`;
  const tag = { agentId, parentCallId };
  const started = Date.now();
  const own: RunningChild = { abort: new AbortController(), stoppedByUser: false };
  const signal = own.abort.signal;
  const followParent = () => own.abort.abort();
  if (parentSignal.aborted) followParent();
  else parentSignal.addEventListener('abort', followParent, { once: true });
  running.set(agentId, own);
  const { model, events } = options.runChild({ agentId, parentCallId, request, type }, signal);
  emit({
    type: 'subagent_started',
    ...tag,
    description: request.description,
    prompt: request.prompt,
    agentType: type.name,
  });
  const run: ChildRun = {
    reason: 'error',
    result: '',
    turns: 0,
    toolCalls: 0,
    durationMs: 0,
    maxTurns: type.maxTurns ?? options.settings.maxTurns,
  };
  try {
    for await (const event of events) {
      emit({ type: 'subagent_event', ...tag, event });
      noteChildEvent(run, event);
    }
  } catch (error) {
    run.reason = signal.aborted ? 'aborted' : 'error';
    run.problem = error instanceof Error ? error.message : String(error);
  } finally {
    running.delete(agentId);
    parentSignal.removeEventListener('abort', followParent);
  }
  // Stopped by the user alone (its parent goes on): the parent is told so, not "cancelled".
  run.stoppedByUser = own.stoppedByUser && !parentSignal.aborted;
  run.durationMs = Date.now() - started;
  const result = parentResult(run);
  const outcome = result.ok
    ? { ...result, response: claudeResponse(run, agentId, type.name, model) }
    : result;
  emit({
    type: 'subagent_finished',
    ...tag,
    ok: outcome.ok,
    result: outcome.ok ? run.result : outcome.text,
    turns: run.turns,
    toolCalls: run.toolCalls,
    durationMs: run.durationMs,
    ...(run.stoppedByUser ? { stoppedByUser: true } : {}),
  });
  return outcome;
}
