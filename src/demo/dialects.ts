import type { Dialect, ScriptedTurn } from './script-types';
import { writeCallsAsText, type TextCallStyle } from './text-call-writers';

/** How one dialect shapes a response; see DIALECTS for which server does what. */
interface Shape {
  reasoningField: 'reasoning_content' | 'reasoning';
  /** Tool-call deltas carry `index`; 'zero' sends 0 for every call (litellm). */
  index: 'yes' | 'no' | 'zero';
  ids: boolean;
  /** Each call whole in one delta. */
  wholeArgs: boolean;
  /** The last call rides on the finish chunk. */
  lastCallOnFinish: boolean;
  /** What later deltas of a call say about the name. */
  laterName: 'omit' | 'empty' | 'repeat';
  /** `type: "function"` only on the first delta of a call (else on every one). */
  typeOnce: boolean;
  finish: 'normal' | 'stop' | 'none';
  usage: 'usage-chunk' | 'every-chunk';
  /** role + content "" on every chunk (Ollama). */
  roleEveryChunk: boolean;
  /** content null while reasoning (DeepSeek). */
  nullContent: boolean;
}

const OPENAI: Shape = {
  reasoningField: 'reasoning_content',
  index: 'yes',
  ids: true,
  wholeArgs: false,
  lastCallOnFinish: false,
  laterName: 'omit',
  typeOnce: true,
  finish: 'normal',
  usage: 'usage-chunk',
  roleEveryChunk: false,
  nullContent: false,
};

const SHAPES: Record<Dialect, Shape> = {
  openai: OPENAI,
  'no-index': { ...OPENAI, index: 'no' },
  'whole-args': { ...OPENAI, wholeArgs: true, lastCallOnFinish: true },
  'empty-name': { ...OPENAI, laterName: 'empty' },
  'repeat-name': { ...OPENAI, laterName: 'repeat', typeOnce: false },
  'stop-finish': { ...OPENAI, finish: 'stop' },
  'no-finish': { ...OPENAI, finish: 'none' },
  'reasoning-field': { ...OPENAI, reasoningField: 'reasoning' },
  'usage-every-chunk': { ...OPENAI, usage: 'every-chunk' },
  ollama: {
    ...OPENAI,
    reasoningField: 'reasoning',
    wholeArgs: true,
    finish: 'stop',
    roleEveryChunk: true,
  },
  lmstudio: { ...OPENAI, laterName: 'empty' },
  deepseek: { ...OPENAI, nullContent: true },
  vllm: { ...OPENAI, reasoningField: 'reasoning', finish: 'stop', typeOnce: false },
  litellm: { ...OPENAI, index: 'zero' },
  'no-id': { ...OPENAI, ids: false },
  'text-hermes': { ...OPENAI, finish: 'stop' },
  'text-qwen3-coder': { ...OPENAI, finish: 'stop' },
  'text-llama-json': { ...OPENAI, finish: 'stop' },
  'text-mistral': { ...OPENAI, finish: 'stop' },
  'text-deepseek': { ...OPENAI, finish: 'stop' },
  'text-harmony': { ...OPENAI, finish: 'stop' },
  'text-kimi': { ...OPENAI, finish: 'stop' },
  'text-glm': { ...OPENAI, finish: 'stop' },
  'text-gemma': { ...OPENAI, finish: 'stop' },
};

/**
 * A text dialect's turn as it goes out: the calls written after the text, in the shape
 * its model family uses, and no structured calls (the server has no tool parser).
 */
export function asSent(turn: ScriptedTurn): ScriptedTurn {
  const dialect = turn.dialect ?? 'openai';
  if (!dialect.startsWith('text-') || !turn.toolCalls?.length) return turn;
  const style = dialect.slice('text-'.length) as TextCallStyle;
  const calls = writeCallsAsText(style, turn.toolCalls);
  const text = turn.text ? `${turn.text}\n\n${calls}` : calls;
  return { ...turn, text, toolCalls: undefined };
}

export interface ResponseContext {
  model: string;
  /** 1-based number of the served turn, for ids. */
  sequence: number;
  created: number;
  /** The client asked for stream_options.include_usage. */
  includeUsage: boolean;
  promptTokens: number;
}

type Json = Record<string, unknown>;

/** The ids the turn's tool calls get (scripted ids win). */
export function toolCallIds(turn: ScriptedTurn, ctx: ResponseContext): string[] {
  const prefix = turn.dialect === 'vllm' ? 'chatcmpl-tool-' : 'call_';
  return (turn.toolCalls ?? []).map((call, i) => call.id ?? `${prefix}${ctx.sequence}_${i + 1}`);
}

export function argumentsText(args: string | Record<string, unknown>): string {
  return typeof args === 'string' ? args : JSON.stringify(args);
}

export function usageOf(turn: ScriptedTurn, ctx: ResponseContext) {
  const produced =
    (turn.text ?? '') +
    (turn.reasoning ?? '') +
    (turn.toolCalls ?? []).map((c) => c.name + argumentsText(c.arguments)).join('');
  const completion = turn.usage?.completion_tokens ?? Math.max(1, Math.ceil(produced.length / 4));
  const prompt = turn.usage?.prompt_tokens ?? ctx.promptTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
}

function finishReason(turn: ScriptedTurn, shape: Shape): string | null {
  if (turn.finishReason) return turn.finishReason;
  if (shape.finish === 'none') return null;
  if (shape.finish === 'stop') return 'stop';
  return turn.toolCalls?.length ? 'tool_calls' : 'stop';
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The SSE chunks of one streamed answer, in order (without `[DONE]`). */
export function streamChunks(scripted: ScriptedTurn, ctx: ResponseContext): Json[] {
  const turn = asSent(scripted);
  const shape = SHAPES[turn.dialect ?? 'openai'];
  const size = Math.max(1, turn.chunkSize ?? 4);
  const ids = toolCallIds(turn, ctx);
  const deltas: { delta: Json; finish?: boolean }[] = [];
  const base = (): Json => (shape.roleEveryChunk ? { role: 'assistant', content: '' } : {});

  deltas.push({ delta: { role: 'assistant', content: shape.nullContent ? null : '' } });
  for (const piece of pieces(turn.reasoning ?? '', size)) {
    const delta: Json = { ...base(), [shape.reasoningField]: piece };
    if (shape.nullContent) delta.content = null;
    deltas.push({ delta });
  }
  for (const piece of pieces(turn.text ?? '', size))
    deltas.push({ delta: { ...base(), content: piece } });

  (turn.toolCalls ?? []).forEach((call, i) => {
    const args = argumentsText(call.arguments);
    const first = (argsPart: string): Json => ({
      ...(shape.index === 'yes' ? { index: i } : shape.index === 'zero' ? { index: 0 } : {}),
      ...(shape.ids ? { id: ids[i] } : {}),
      type: 'function',
      function: { name: call.name, arguments: argsPart },
    });
    if (shape.wholeArgs) {
      const last = i === (turn.toolCalls?.length ?? 0) - 1;
      deltas.push({
        delta: { ...base(), tool_calls: [first(args)] },
        finish: last && shape.lastCallOnFinish,
      });
      return;
    }
    deltas.push({ delta: { ...base(), tool_calls: [first('')] } });
    for (const piece of pieces(args, size)) {
      const later: Json = {
        ...(shape.index === 'yes' ? { index: i } : shape.index === 'zero' ? { index: 0 } : {}),
        ...(shape.typeOnce ? {} : { type: 'function' }),
        function: {
          ...(shape.laterName === 'empty' ? { name: '' } : {}),
          ...(shape.laterName === 'repeat' ? { name: call.name } : {}),
          arguments: piece,
        },
      };
      deltas.push({ delta: { ...base(), tool_calls: [later] } });
    }
  });

  const reason = finishReason(turn, shape);
  const onFinish = deltas.at(-1)?.finish === true;
  if (reason !== null && !onFinish) deltas.push({ delta: base(), finish: true });

  const usage = usageOf(turn, ctx);
  const envelope = (choices: Json[]): Json => ({
    id: `chatcmpl-scripted-${ctx.sequence}`,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: 'fp_scripted',
    choices,
  });
  const chunks = deltas.map(({ delta, finish }, n) => {
    const chunk = envelope([
      { index: 0, delta, logprobs: null, finish_reason: finish ? reason : null },
    ]);
    if (shape.usage === 'every-chunk') {
      const share = Math.ceil((usage.completion_tokens * (n + 1)) / deltas.length);
      chunk.usage = {
        ...usage,
        completion_tokens: share,
        total_tokens: usage.prompt_tokens + share,
      };
    }
    return chunk;
  });
  if (shape.usage === 'usage-chunk' && ctx.includeUsage) chunks.push({ ...envelope([]), usage });
  return chunks;
}

/** The body of a non-streaming answer. */
export function completionBody(scripted: ScriptedTurn, ctx: ResponseContext): Json {
  const turn = asSent(scripted);
  const shape = SHAPES[turn.dialect ?? 'openai'];
  const ids = toolCallIds(turn, ctx);
  const calls = (turn.toolCalls ?? []).map((call, i) => ({
    ...(shape.ids ? { id: ids[i] } : {}),
    type: 'function',
    function: { name: call.name, arguments: argumentsText(call.arguments) },
  }));
  const message: Json = { role: 'assistant', content: turn.text ?? '' };
  if (turn.reasoning) message[shape.reasoningField] = turn.reasoning;
  if (calls.length) message.tool_calls = calls;
  return {
    id: `chatcmpl-scripted-${ctx.sequence}`,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(turn, shape) }],
    usage: usageOf(turn, ctx),
  };
}
