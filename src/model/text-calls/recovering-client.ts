/**
 * A ModelClient that recovers tool calls written as text. While the answer streams, what
 * may be a call is held back (stream-filter.ts); when the answer ends without structured
 * calls, the held calls become real ones (`tool_call_started` with `recovered`), and the
 * turn carries them as if the server had parsed them: the loop, the gate and the history
 * see ordinary calls, and the markup is gone from the answer.
 */
import { randomBytes } from 'node:crypto';
import type { AgentEvent } from '../../protocol/events';
import type { AssembledToolCall, AssistantTurn, ModelClient, ModelRequest } from '../types';
import { TextCallFilter, type Recovered } from './stream-filter';
import { schemasOf } from './values';

export function withTextCallRecovery(client: ModelClient): ModelClient {
  return {
    get model() {
      return client.model;
    },
    stream: (request) => recoverStream(client, request),
  };
}

async function* recoverStream(
  client: ModelClient,
  request: ModelRequest,
): AsyncGenerator<AgentEvent, AssistantTurn> {
  // No tools offered (a summary request): nothing in the text can be a call.
  if (request.tools.length === 0) return yield* client.stream(request);
  const schemas = schemasOf(request.tools);
  const offered = new Set(
    request.tools.map((tool) => ('function' in tool ? tool.function.name : '')),
  );
  let answer = new TextCallFilter(schemas);
  let thinking = new TextCallFilter(schemas, true);
  let structured = false;
  const inner = client.stream(request);
  try {
    for (;;) {
      const next = await inner.next();
      if (next.done) return yield* finish(next.value);
      const event = next.value;
      // Deltas are yielded here, not through a helper generator: one is made per delta.
      switch (event.type) {
        case 'text_delta': {
          const shown = answer.push(event.text);
          if (shown) yield textDelta(shown);
          break;
        }
        case 'reasoning_delta': {
          const shown = thinking.push(event.text);
          if (shown) yield reasoningDelta(shown);
          break;
        }
        case 'tool_call_started':
          // The server parses calls: whatever was held is text.
          if (!structured) {
            structured = true;
            yield* released(thinking.release(), answer.release());
          }
          yield event;
          break;
        case 'retry':
          // The next attempt streams the whole answer again.
          answer = new TextCallFilter(schemas);
          thinking = new TextCallFilter(schemas, true);
          structured = false;
          yield event;
          break;
        default:
          yield event;
      }
    }
  } finally {
    // Stopped early (an abort): the inner stream must close its request too. `return` wants
    // a turn to hand back; nobody reads it.
    await inner.return(undefined as unknown as AssistantTurn);
  }

  async function* finish(turn: AssistantTurn): AsyncGenerator<AgentEvent, AssistantTurn> {
    if (structured || turn.toolCalls.length > 0) {
      yield* released(thinking.release(), answer.release());
      return { ...turn, content: answer.shown, reasoning: thinking.shown };
    }
    // A call cut by the token limit is not run: its arguments are incomplete.
    const allowTruncated = turn.finishReason !== 'length';
    const fromAnswer = answer.finish(allowTruncated);
    const fromThinking = thinking.finish(allowTruncated);
    yield* released(fromThinking.text, fromAnswer.text);
    // Calls in the reasoning count only when the model said nothing else.
    const found =
      fromAnswer.recovered ?? (answer.shown.trim() ? undefined : fromThinking.recovered);
    const base = { ...turn, content: answer.shown, reasoning: thinking.shown };
    if (!found) return base;
    const calls = toolCalls(found);
    for (const call of calls) {
      // tool_call_ready shows an offered tool's input; a tool tick lacks has none, so its
      // arguments come here, for the user (and stream-json) to see what was asked for.
      const unknown = !offered.has(call.name);
      yield {
        type: 'tool_call_started',
        id: call.id,
        name: call.name,
        recovered: found.format,
        ...(unknown ? { arguments: call.arguments } : {}),
      };
    }
    return { ...base, toolCalls: calls };
  }
}

function textDelta(text: string): AgentEvent {
  return { type: 'text_delta', text };
}

function reasoningDelta(text: string): AgentEvent {
  return { type: 'reasoning_delta', text };
}

/** What a filter released at once: the reasoning first, then the answer. */
function* released(reasoning: string, answer: string): Generator<AgentEvent> {
  if (reasoning) yield reasoningDelta(reasoning);
  if (answer) yield textDelta(answer);
}

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Nine letters and digits: the id shape every server accepts back (Mistral's validator
 * insists on it). An id the text carried (Kimi's `functions.x:0`) is kept.
 */
function newCallId(): string {
  return [...randomBytes(9)].map((byte) => ID_CHARS[byte % ID_CHARS.length]).join('');
}

function toolCalls(found: Recovered): AssembledToolCall[] {
  const seen = new Set<string>();
  return found.calls.map((call) => {
    const id = call.id && !seen.has(call.id) ? call.id : newCallId();
    seen.add(id);
    return { id, name: call.name, arguments: call.arguments, recovered: found.format };
  });
}
