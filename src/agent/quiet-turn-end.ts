import type { AgentEvent, TurnEndReason } from '../protocol/events';

/** The end of a turn that asked the model nothing (/compact's, a rewind's). */
export function quietTurnEnd(reason: TurnEndReason): AgentEvent {
  return {
    type: 'turn_end',
    reason,
    result: '',
    rounds: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
}
