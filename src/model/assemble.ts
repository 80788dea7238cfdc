import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AgentEvent } from '../protocol/events';
import type { AssembledToolCall, AssistantTurn } from './types';
import type { Usage } from '../protocol/usage';

/** The live events one chunk can produce, in stream order. */
export type StreamDeltaEvent = Extract<
  AgentEvent,
  { type: 'text_delta' | 'reasoning_delta' | 'tool_call_started' }
>;

/**
 * Accumulates the chunks of one streamed response into an AssistantTurn.
 * Pure: no I/O, no timers; one assembler per request attempt.
 */
export interface TurnAssembler {
  push(chunk: ChatCompletionChunk): StreamDeltaEvent[];
  /** True once any choice carried a finish_reason. */
  readonly finished: boolean;
  finish(): AssistantTurn;
}

/** What real servers put in a tool-call delta; every field may be missing. */
interface LooseToolCallDelta {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown } | null;
}

interface LooseDelta {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
  tool_calls?: unknown;
}

interface OpenCall {
  id?: string;
  name: string;
  arguments: string;
  /** Set once tool_call_started was emitted; the id is then frozen. */
  announcedId?: string;
}

export function createTurnAssembler(): TurnAssembler {
  const calls: OpenCall[] = [];
  const byIndex = new Map<number, OpenCall>();
  let content = '';
  let reasoning = '';
  let reasoningField: AssistantTurn['reasoningField'];
  let usage: Usage | undefined;
  let finishReason: string | undefined;

  const open = (): OpenCall => {
    const call: OpenCall = { name: '', arguments: '' };
    calls.push(call);
    return call;
  };

  /** Finds the call a delta belongs to, following the rules in the notes (4.1). */
  const route = (delta: LooseToolCallDelta, position: number, count: number): OpenCall => {
    const id = nonEmptyString(delta.id);
    if (typeof delta.index === 'number') {
      const known = byIndex.get(delta.index);
      // litellm sends index 0 for every parallel call; a new id means a new call.
      if (known && !(id && known.id && known.id !== id)) return known;
      const call = (id && calls.find((c) => c.id === id)) || open();
      byIndex.set(delta.index, call);
      return call;
    }
    if (id) return calls.find((c) => c.id === id) ?? open();
    if (count > 1) return calls[position] ?? open();
    const last = calls.at(-1);
    return last && !startsAnotherCall(last, delta) ? last : open();
  };

  const announce = (call: OpenCall, events: StreamDeltaEvent[]) => {
    if (call.announcedId !== undefined || !call.name) return;
    call.announcedId = call.id ?? `call_${calls.indexOf(call) + 1}`;
    events.push({ type: 'tool_call_started', id: call.announcedId, name: call.name });
  };

  return {
    get finished() {
      return finishReason !== undefined;
    },
    push(chunk) {
      const events: StreamDeltaEvent[] = [];
      const chunkUsage = readUsage((chunk as { usage?: unknown }).usage);
      if (chunkUsage) usage = chunkUsage;
      const choice = primaryChoice(chunk);
      if (!choice) return events;
      const delta = (choice.delta ?? {}) as LooseDelta;

      const thinking = readReasoning(delta);
      if (thinking) {
        reasoningField ??= thinking.field;
        reasoning += thinking.text;
        events.push({ type: 'reasoning_delta', text: thinking.text });
      }
      if (typeof delta.content === 'string' && delta.content) {
        content += delta.content;
        events.push({ type: 'text_delta', text: delta.content });
      }
      const toolDeltas = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
      toolDeltas.forEach((raw: unknown, position) => {
        if (!raw || typeof raw !== 'object') return;
        const part = raw as LooseToolCallDelta;
        const call = route(part, position, toolDeltas.length);
        const id = nonEmptyString(part.id);
        if (id && !call.id) call.id = id;
        const name = nonEmptyString(part.function?.name);
        // Never concatenate names: llama.cpp repeats them, LM Studio sends "".
        if (name && !call.name) call.name = name;
        call.arguments += argumentsText(part.function?.arguments);
        announce(call, events);
      });
      if (choice.finish_reason) finishReason = choice.finish_reason;
      return events;
    },
    finish() {
      const toolCalls: AssembledToolCall[] = calls.map((call, i) => ({
        id: call.announcedId ?? call.id ?? `call_${i + 1}`,
        name: call.name,
        // An empty argument string means "no arguments"; servers want valid JSON back.
        arguments: call.arguments.trim() ? call.arguments : '{}',
      }));
      return {
        content,
        reasoning,
        ...(reasoningField ? { reasoningField } : {}),
        toolCalls,
        ...(usage ? { usage } : {}),
        ...(finishReason ? { finishReason } : {}),
      };
    },
  };
}

/**
 * Turns a non-streaming completion (some servers ignore `stream: true`) into one
 * equivalent chunk, so the same assembler handles both.
 */
export function completionToChunk(completion: ChatCompletion): ChatCompletionChunk {
  const choice = completion.choices?.[0];
  const message = (choice?.message ?? {}) as ChatCompletion.Choice['message'] & LooseDelta;
  const delta = {
    role: 'assistant' as const,
    content: message.content ?? '',
    ...(typeof message.reasoning_content === 'string'
      ? { reasoning_content: message.reasoning_content }
      : {}),
    ...(typeof message.reasoning === 'string' ? { reasoning: message.reasoning } : {}),
    tool_calls: (message.tool_calls ?? []).map((call, index) => ({
      index,
      id: call.id,
      type: 'function' as const,
      function: 'function' in call ? call.function : undefined,
    })),
  };
  return {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
    choices: [{ index: 0, delta, finish_reason: choice?.finish_reason ?? null }],
    ...(completion.usage ? { usage: completion.usage } : {}),
  } as ChatCompletionChunk;
}

/** A server that sends neither index nor id: a new, different name or a second
 * complete argument object after a complete one means a new call. */
function startsAnotherCall(last: OpenCall, delta: LooseToolCallDelta): boolean {
  const name = nonEmptyString(delta.function?.name);
  if (!name || !last.name) return false;
  if (name !== last.name) return true;
  return argumentsText(delta.function?.arguments) !== '' && isCompleteJson(last.arguments);
}

function primaryChoice(chunk: ChatCompletionChunk): ChatCompletionChunk.Choice | undefined {
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  return choices.find((c) => (c.index ?? 0) === 0) ?? choices[0];
}

function readReasoning(
  delta: LooseDelta,
): { text: string; field: 'reasoning_content' | 'reasoning' } | undefined {
  if (typeof delta.reasoning_content === 'string' && delta.reasoning_content) {
    return { text: delta.reasoning_content, field: 'reasoning_content' };
  }
  if (typeof delta.reasoning === 'string' && delta.reasoning) {
    return { text: delta.reasoning, field: 'reasoning' };
  }
  return undefined;
}

function readUsage(raw: unknown): Usage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const { prompt_tokens: input, completion_tokens: output } = raw as Record<string, unknown>;
  if (typeof input !== 'number' && typeof output !== 'number') return undefined;
  return {
    inputTokens: typeof input === 'number' ? input : 0,
    outputTokens: typeof output === 'number' ? output : 0,
  };
}

/** Arguments are a string by the spec; a few servers send the object itself. */
function argumentsText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw && typeof raw === 'object') return JSON.stringify(raw);
  return '';
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isCompleteJson(text: string): boolean {
  if (!text.trim()) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
