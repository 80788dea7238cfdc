/**
 * A model that spends its whole output on thinking (or is cut before a word) ends the turn
 * with nothing to show, and nothing would say why. This wrapper adds the one line that
 * does, after the turn, when the answer is empty, no call came and the server stopped the
 * model at its token limit.
 */
import type { AgentEvent } from '../protocol/events';
import type { AssistantTurn, ModelClient } from './types';

/** What to do about a model that thinks until its limit (also the doctor's advice). */
export const THINK_LESS =
  'turn its thinking down (Qwen3: /no_think; gpt-oss: reasoning effort low) or pick another model';

export function unansweredLine(turn: AssistantTurn): string | undefined {
  if (turn.content.trim() || turn.toolCalls.length || turn.finishReason !== 'length') return;
  return turn.reasoning.trim()
    ? `The model thought until its token limit and never answered: ${THINK_LESS}.`
    : "The model hit its token limit before it answered: raise the server's output limit (llama.cpp --n-predict, Ollama num_predict) or pick another model.";
}

export function withUnansweredNotice(client: ModelClient): ModelClient {
  return {
    get model() {
      return client.model;
    },
    stream: (request) => noticeStream(client.stream(request)),
  };
}

async function* noticeStream(
  inner: AsyncGenerator<AgentEvent, AssistantTurn>,
): AsyncGenerator<AgentEvent, AssistantTurn> {
  const turn = yield* inner;
  const line = unansweredLine(turn);
  if (line) yield { type: 'error', message: line, fatal: false };
  return turn;
}
