import type { AgentEvent, TurnEndReason } from '../protocol/events';
import type { Usage } from '../protocol/usage';
import { assertNever } from '../util/assert-never';
import type { SubagentOutcome } from './types';
import { CANCELLED_TEXT } from '../protocol/cancel-text';

/** How a child's run ended, as counted by its host. */
export interface ChildRun {
  reason: TurnEndReason;
  /** Its last assistant text. */
  result: string;
  /** Model requests made. */
  turns: number;
  toolCalls: number;
  durationMs: number;
  /** The cap it ran under (agents.maxTurns). */
  maxTurns: number;
  /** The fatal error (model failure), or why a hook stopped it. */
  problem?: string;
  /** Tokens of its model requests, all of them. */
  usage?: Usage;
  /** Tokens of its last model request (Claude Code's `totalTokens` counts that one). */
  lastUsage?: Usage;
  /** The user stopped this child alone (Ctrl+C in its view); its parent goes on. */
  stoppedByUser?: boolean;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The one line of counts after a child's answer: `(subagent: 3 turns, 5 tool calls, 12.4s)`. */
export function countsLine(run: Pick<ChildRun, 'turns' | 'toolCalls' | 'durationMs'>): string {
  const seconds = Number((run.durationMs / 1000).toFixed(1));
  return `(subagent: ${plural(run.turns, 'turn')}, ${plural(run.toolCalls, 'tool call')}, ${seconds}s)`;
}

/**
 * What the parent's `agent` call returns: only the child's final text and the counts line;
 * never its tool output. A child that did not finish answers with an `Error:` text.
 */
export function parentResult(run: ChildRun): SubagentOutcome {
  const counts = countsLine(run);
  switch (run.reason) {
    case 'done': {
      const text = run.result.trim() || '(the subagent ended without a final answer)';
      return { ok: true, text: `${text}\n\n${counts}` };
    }
    case 'max_turns':
      return failure(
        `the subagent stopped after ${plural(run.turns, 'model request')} (agents.maxTurns ${run.maxTurns}) without finishing`,
        run.result,
        counts,
      );
    case 'error':
      return failure(`the subagent failed: ${run.problem ?? 'model error'}`, run.result, counts);
    case 'stopped':
      return failure(`the subagent was stopped: ${run.problem ?? 'by a hook'}`, run.result, counts);
    case 'aborted':
      if (run.stoppedByUser)
        return failure('the subagent was stopped by the user', run.result, counts);
      return { ok: false, text: CANCELLED_TEXT };
  }
}

/**
 * Claude Code's `tool_response` for a finished Agent call (what PostToolUse hooks read):
 * the final text and the run's statistics.
 */
export function claudeResponse(
  run: ChildRun,
  agentId: string,
  agentType: string,
  model: string,
): Record<string, unknown> {
  const last = run.lastUsage ?? run.usage ?? { inputTokens: 0, outputTokens: 0 };
  return {
    status: 'completed',
    agentId,
    agentType,
    content: [{ type: 'text', text: run.result }],
    resolvedModel: model,
    totalDurationMs: run.durationMs,
    totalToolUseCount: run.toolCalls,
    totalTokens: last.inputTokens + last.outputTokens,
    usage: { input_tokens: last.inputTokens, output_tokens: last.outputTokens },
  };
}

function failure(why: string, lastText: string, counts: string): SubagentOutcome {
  const said = lastText.trim() ? `\nIts last message: ${lastText.trim()}` : '';
  return { ok: false, text: `Error: ${why}${said}\n${counts}` };
}

/** Counts what the parent's result line reports, from one of the child's own events. */
export function noteChildEvent(run: ChildRun, event: AgentEvent): void {
  switch (event.type) {
    case 'tool_result':
      run.toolCalls += 1;
      return;
    case 'error':
      // A fatal error ends the child; a hook's stop is said just before turn_end.
      if (event.fatal || event.message.startsWith('Stopped by hook')) run.problem = event.message;
      return;
    case 'turn_end':
      run.reason = event.reason;
      run.result = event.result;
      run.turns = event.rounds;
      run.usage = event.usage;
      return;
    case 'usage':
      run.lastUsage = event.usage;
      return;
    case 'user_prompt':
    case 'hook_context':
    case 'request_start':
    case 'text_delta':
    case 'reasoning_delta':
    case 'assistant_message':
    case 'tool_call_started':
    case 'tool_call_ready':
    case 'tool_running':
    case 'tool_output':
    case 'todos_updated':
    case 'tasks_updated':
    case 'reminder_injected':
    case 'permission_asked':
    case 'permission_decided':
    case 'context_usage':
    case 'context_compacted':
    case 'retry':
    case 'subagent_started':
    case 'subagent_event':
    case 'checkpoint_unsaved':
    case 'rewind_done':
    case 'plan_items_undone':
    case 'subagent_finished':
      return;
    default:
      return assertNever(event);
  }
}
