import OpenAI, { APIError } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import type { AgentEvent } from '../protocol/events';
import { DEFAULT_BASE_URL, resolveApiKey } from './api-key';
import { completionToChunk, createTurnAssembler, type TurnAssembler } from './assemble';
import { fetchWithReadableErrors } from './error-body-fetch';
import { AbortError, ModelConfigError, ModelError, isAbortError } from './errors';
import { EmptyStreamError, IdleTimeoutError, describeFailure, isConnectionDrop } from './failure';
import { createIdleTimeout, type IdleTimeout } from './idle-timeout';
import { ChatBodyEncoder } from './request-body';
import { backoffDelay, sleep } from './retry';
import type { AssistantTurn, ModelClient, ModelRequest } from './types';

export interface ModelClientOptions {
  /** Default: OPENAI_BASE_URL, else OpenAI's API. */
  baseURL?: string;
  /** Default: OPENAI_API_KEY; local servers get a placeholder. */
  apiKey?: string;
  model: string;
  /** Abort and retry a stream silent this long (also before the headers); 0 disables. */
  idleTimeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubles per retry (default 500 ms). */
  retryBaseMs?: number;
  /** Fields added to every request body (Ollama's `options.num_ctx`), asked once. */
  extraBody?: () => Promise<Record<string, unknown>>;
}

/**
 * A ModelClient over the OpenAI SDK. Retries are ours (the SDK's stop at the
 * headers): a failed attempt yields a `retry` event, and the consumer must then
 * drop the partial text, reasoning and tool-call cards of this request, since the
 * next attempt streams the whole answer again. Throws ModelConfigError when no
 * API key is set for a remote server.
 */
export function createModelClient(options: ModelClientOptions): ModelClient {
  const baseURL = (options.baseURL || process.env.OPENAI_BASE_URL || DEFAULT_BASE_URL).replace(
    /\/+$/,
    '',
  );
  const key = resolveApiKey(baseURL, options.apiKey ?? process.env.OPENAI_API_KEY);
  if ('error' in key) throw new ModelConfigError(key.error);
  const idleMs = options.idleTimeoutMs;
  const sdk = new OpenAI({
    baseURL,
    apiKey: key.apiKey,
    maxRetries: 0,
    // Our idle timer guards the wait for headers; the SDK's must not cut in first.
    timeout: Math.max(600_000, idleMs + 1000),
    fetch: fetchWithReadableErrors,
    // The SDK logs to the console, which would break the full-screen UI.
    logLevel: process.env.OPENAI_LOG ? undefined : 'off',
  });
  /** Cleared for good once the server rejects stream_options. */
  let sendStreamOptions = true;
  const bodies = new ChatBodyEncoder();

  async function* attempt(request: ModelRequest): AsyncGenerator<AgentEvent, AssistantTurn> {
    const idle = createIdleTimeout(idleMs, request.signal);
    const assembler = createTurnAssembler();
    let chunks = 0;
    let done = false;
    try {
      const extra = options.extraBody ? await options.extraBody() : {};
      const params: ChatCompletionCreateParamsStreaming = {
        ...extra,
        model: options.model,
        messages: request.messages,
        stream: true,
        ...(request.tools.length ? { tools: request.tools } : {}),
        ...(sendStreamOptions ? { stream_options: { include_usage: true } } : {}),
      };
      // The SDK would JSON.stringify the whole conversation into one string per request.
      const body = bodies.encode(params);
      const { data: stream, response } = await sdk.chat.completions
        .create(params, {
          signal: idle.signal,
          body: body.stream(),
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        })
        .withResponse();
      idle.touch();
      if (response.headers.get('content-type')?.includes('application/json')) {
        // The server ignored `stream: true` and sent one whole completion.
        chunks += 1;
        yield* assembler.push(await readCompletion(response));
      } else {
        for await (const chunk of stream) {
          idle.touch();
          chunks += 1;
          yield* assembler.push(chunk);
        }
      }
      // The SDK ends the loop silently on abort: find out why it ended.
      if (request.signal.aborted) throw new AbortError();
      if (idle.fired) throw new IdleTimeoutError(idleMs);
      if (chunks === 0) throw new EmptyStreamError();
      done = true;
      return assembler.finish();
    } catch (error) {
      const turn = salvage(error, request.signal, idle, assembler);
      done = true;
      return turn;
    } finally {
      if (!done) idle.abort();
      idle.dispose();
    }
  }

  /** Maps an attempt's error to the one the retry loop acts on, or keeps a finished turn. */
  function salvage(
    error: unknown,
    signal: AbortSignal,
    idle: IdleTimeout,
    assembler: TurnAssembler,
  ): AssistantTurn {
    if (signal.aborted || isAbortError(error)) throw new AbortError();
    if (idle.fired) throw new IdleTimeoutError(idleMs);
    // The answer was complete (finish_reason seen); only the trailer was lost.
    if (assembler.finished && isConnectionDrop(error)) return assembler.finish();
    throw error;
  }

  async function* stream(request: ModelRequest): AsyncGenerator<AgentEvent, AssistantTurn> {
    for (let attempts = 1; ; attempts += 1) {
      try {
        const turn = yield* attempt(request);
        if (turn.usage) yield { type: 'usage', usage: turn.usage };
        return turn;
      } catch (error) {
        if (request.signal.aborted || isAbortError(error)) throw new AbortError();
        const failure = describeFailure(error);
        if (failure.rejectsStreamOptions && sendStreamOptions) {
          sendStreamOptions = false;
          attempts -= 1;
          continue;
        }
        if (!failure.retryable || attempts > options.maxRetries) {
          throw new ModelError({
            detail: failure.detail,
            baseURL,
            attempts,
            ...(failure.status !== undefined ? { status: failure.status } : {}),
            ...(failure.contextOverflow ? { contextOverflow: failure.contextOverflow } : {}),
          });
        }
        const delayMs = failure.retryAfterMs ?? backoffDelay(attempts, options.retryBaseMs ?? 500);
        yield { type: 'retry', attempt: attempts, delayMs, reason: failure.detail };
        await sleep(delayMs, request.signal);
      }
    }
  }

  return { model: options.model, stream };
}

async function readCompletion(response: Response): Promise<ChatCompletionChunk> {
  const body = (await response.json()) as ChatCompletion & { error?: unknown };
  if (body && body.error) throw new APIError(undefined, body.error, undefined, undefined);
  return completionToChunk(body);
}
