/** How the scripted server shapes its chunks: each imitates a real server's quirks. */
export const DIALECTS = [
  /** OpenAI itself: index + id on the first delta, arguments in fragments. */
  'openai',
  /** Tool-call deltas without `index` (Gemini proxies, mistral.rs). */
  'no-index',
  /** Each call whole in one delta, the last one on the finish chunk. */
  'whole-args',
  /** `name: ""` on every later delta of a call (LM Studio). */
  'empty-name',
  /** The name repeated on every delta of a call (some llama.cpp builds). */
  'repeat-name',
  /** `finish_reason: "stop"` although tool calls were sent. */
  'stop-finish',
  /** No finish_reason at all. */
  'no-finish',
  /** Reasoning in `delta.reasoning` instead of `reasoning_content`. */
  'reasoning-field',
  /** Cumulative usage on every chunk, no separate usage chunk. */
  'usage-every-chunk',
  /** role + content "" on every chunk, `reasoning`, whole calls, finish "stop". */
  'ollama',
  /** empty names on later deltas, no `type` after the first delta. */
  'lmstudio',
  /** `reasoning_content` with `content: null`; insists on getting it back. */
  'deepseek',
  /** `reasoning`, finish "stop" with tool calls, `chatcmpl-tool-` ids. */
  'vllm',
  /** litellm: `index: 0` for every parallel call, distinct ids. */
  'litellm',
  /** `index` but no `id` on tool-call deltas (Ollama gpt-oss). */
  'no-id',
  /**
   * No tool parser: the calls come as answer text, finish "stop" (text-call-writers.ts has
   * each model family's shape).
   */
  'text-hermes',
  'text-qwen3-coder',
  'text-llama-json',
  'text-mistral',
  'text-deepseek',
  'text-harmony',
  'text-kimi',
  'text-glm',
  'text-gemma',
] as const;

export type Dialect = (typeof DIALECTS)[number];

export interface ScriptedToolCall {
  name: string;
  /** A JSON string (sent as is, even if invalid) or an object (serialised). */
  arguments: string | Record<string, unknown>;
  id?: string;
}

/**
 * A failure to inject. `times`: the first N attempts of the turn fail, then it is
 * served normally (default: every attempt fails). `error-event` is the turn's answer:
 * it uses the turn up.
 */
export type Fault =
  | {
      kind: 'status';
      status: number;
      times?: number;
      retryAfterMs?: number;
      /** Seconds, sent as the `retry-after` header. */
      retryAfter?: number;
      message?: string;
    }
  /** Sends `afterChunks` chunks, then destroys the socket. */
  | { kind: 'drop'; afterChunks: number; times?: number }
  /** Sends `afterChunks` chunks, then goes silent with the connection open. */
  | { kind: 'stall'; afterChunks: number; times?: number }
  /** Sends `afterChunks` chunks, then one that is not JSON. */
  | { kind: 'malformed'; afterChunks: number; times?: number }
  /** Sends the first chunk, then an SSE `{"error": ...}` event. */
  | { kind: 'error-event'; message: string };

/** One answer of the scripted model. */
export interface ScriptedTurn {
  /** Assistant content, streamed in chunks. */
  text?: string;
  /** Streamed as reasoning_content (or `reasoning`, per dialect). */
  reasoning?: string;
  toolCalls?: ScriptedToolCall[];
  /** Default 'openai'. */
  dialect?: Dialect;
  fault?: Fault;
  /** Characters per content, reasoning or argument chunk (default 4). */
  chunkSize?: number;
  /** Pause between chunks (default 0). */
  delayMs?: number;
  /** Default: estimated from the request and the answer (about 4 characters a token). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** false: answer with one JSON completion even when asked to stream. */
  stream?: boolean;
  /** The finish_reason to send (default: what the dialect sends for this turn). */
  finishReason?: string;
  /** Awaited after the response headers, before the first chunk (in-process only). */
  waitFor?: () => Promise<void>;
}

/** One request as the server received it (every attempt, faults included). */
export interface RecordedRequest {
  /** Parsed JSON body; any: whatever the client sent. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, string | string[] | undefined>;
  method: string;
  path: string;
  /** Messages the server dropped from the start to fit its window (`cutsPrompts`). */
  droppedMessages?: number;
}

/**
 * Turns per conversation, so parallel conversations (a parent and its subagents) each get
 * their own: a request belongs to the conversation whose key its first user message starts
 * with (a child's first user message is its prompt); any other request is `main`'s.
 */
export interface ConversationScript {
  main: ScriptedTurn[];
  conversations: Record<string, ScriptedTurn[]>;
}

export type Script =
  ScriptedTurn[] | ((request: RecordedRequest, index: number) => ScriptedTurn) | ConversationScript;
