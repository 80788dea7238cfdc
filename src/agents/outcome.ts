import type { TurnEndReason } from '../agent/events';
import type { SubagentOutcome } from './types';
import { CANCELLED_TEXT } from '../tools/cancel-text';

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
      return { ok: false, text: CANCELLED_TEXT };
  }
}

function failure(why: string, lastText: string, counts: string): SubagentOutcome {
  const said = lastText.trim() ? `\nIts last message: ${lastText.trim()}` : '';
  return { ok: false, text: `Error: ${why}${said}\n${counts}` };
}
