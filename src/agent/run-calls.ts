import type { AgentEvent } from '../protocol/events';
import type { AgentDeps, AgentState } from './loop';
import type { AssembledToolCall, ChatMessage } from '../model/types';
import type { HookContext } from '../hooks/types';
import { streamWhile } from './channel';
import type { CallOutcome } from './call-context';
import { runPreparedCall } from './execute-call';
import { prepareToolCall, type PreparedCall } from './prepare-call';
import { callSteps } from './call-order';
import { CANCELLED_TEXT } from '../protocol/cancel-text';
import { lookOf } from '../tools/registry';
import { isPlanRole } from '../protocol/tool-look';

export interface CallsContext {
  deps: AgentDeps;
  state: AgentState;
  hookContext: Omit<HookContext, 'emit'>;
  signal: AbortSignal;
  push: (message: ChatMessage) => void;
}

/**
 * Runs the calls of one assistant turn and answers each in the history. The calls between
 * two plan calls are prepared at once (hooks, the gate), so the questions they need wait
 * together and the user answers them in one prompt; a plan call (todo_write, the task
 * tools) is prepared and run on its own first. The calls the gate let through run in the
 * model's order, except that its `agent` calls all start together (the host caps how many
 * children run). A hook's stop or an interrupt answers the calls not yet started as not
 * run. Returns the hook's stop reason.
 */
export async function* runTurnCalls(
  calls: readonly AssembledToolCall[],
  ctx: CallsContext,
): AsyncGenerator<AgentEvent, string | undefined> {
  const { deps, state, signal } = ctx;
  const callContext = (emit: (event: AgentEvent) => void) => ({
    ...deps,
    hookContext: { ...ctx.hookContext, emit },
    signal,
    todos: state.todos,
  });
  const isPlan = (index: number) => {
    const tool = deps.tools[calls[index].name];
    return tool !== undefined && isPlanRole(tool.look.role);
  };
  const prepared: (PreparedCall | undefined)[] = calls.map(() => undefined);
  // The calls from `start` that are asked together: up to the next plan call, which runs
  // first (its list is on screen, and an item grant ends, before the calls after it ask).
  const together = (start: number): number[] => {
    if (isPlan(start)) return [start];
    const group: number[] = [];
    for (let i = start; i < calls.length && !isPlan(i); i++) if (!prepared[i]) group.push(i);
    return group;
  };
  const isAgent = (index: number) => deps.tools[calls[index].name]?.look.role === 'agent';
  let stopReason: string | undefined;
  for (const step of callSteps(calls.length, isAgent)) {
    const indices = step.kind === 'one' ? [step.index] : step.indices;
    for (const index of indices) {
      if (prepared[index] || signal.aborted || stopReason !== undefined) continue;
      const group = together(index);
      const ready = yield* streamWhile<AgentEvent, PreparedCall[]>((emit) =>
        Promise.all(group.map((i) => prepareToolCall(calls[i], callContext(emit), emit))),
      );
      group.forEach((i, n) => (prepared[i] = ready[n]));
    }
    const outcomes = yield* streamWhile<AgentEvent, (CallOutcome | undefined)[]>((emit) =>
      Promise.all(
        indices.map((index) => {
          const call = prepared[index];
          if (!call) return undefined;
          if (call.kind === 'done') return call.outcome;
          if (signal.aborted || stopReason !== undefined) return undefined;
          return runPreparedCall(call, callContext(emit), emit);
        }),
      ),
    );
    for (const [n, outcome] of outcomes.entries()) {
      const call = calls[indices[n]];
      if (!outcome) {
        yield* notRun(call, signal.aborted ? undefined : stopReason, ctx);
        continue;
      }
      ctx.push({ role: 'tool', tool_call_id: call.id, content: outcome.output });
      if (outcome.todos) {
        state.todos = outcome.todos;
        yield { type: 'todos_updated', todos: outcome.todos };
      }
      if (outcome.tasks) yield { type: 'tasks_updated', ...outcome.tasks };
      stopReason ??= outcome.stop;
    }
  }
  return stopReason;
}

/** A call that never ran: cancelled by Esc, or left out after a hook said stop. */
async function* notRun(
  call: AssembledToolCall,
  stopReason: string | undefined,
  ctx: CallsContext,
): AsyncGenerator<AgentEvent> {
  const output = stopReason === undefined ? CANCELLED_TEXT : `Error: not run: ${stopReason}`;
  yield {
    type: 'tool_result',
    id: call.id,
    name: call.name,
    look: lookOf(call.name, ctx.deps.tools),
    status: 'cancelled',
    output,
    durationMs: 0,
  };
  ctx.push({ role: 'tool', tool_call_id: call.id, content: output });
}
