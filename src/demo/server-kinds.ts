/**
 * How each real server tells its context window and refuses a prompt that does not fit it,
 * for the scripted server to imitate: the error body in the server's own wording, and the
 * endpoint that reports the window (vLLM `/v1/models`, llama.cpp `/props`, Ollama `/api/ps`
 * and `/api/show`, LM Studio `/api/v0/models`).
 */

import type { ServerResponse } from 'node:http';

export const SERVER_KINDS = ['openai', 'vllm', 'llamacpp', 'ollama', 'lmstudio'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/** A refusal: an HTTP error, or (LM Studio) an `event: error` in a 200 stream. */
export type Refusal =
  { kind: 'http'; status: number; body: unknown } | { kind: 'stream-error'; data: unknown };

/** The server's answer to a prompt of `promptTokens` over its `window`. */
export function contextRefusal(kind: ServerKind, window: number, promptTokens: number): Refusal {
  switch (kind) {
    case 'openai':
      return {
        kind: 'http',
        status: 400,
        body: {
          error: {
            message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
            type: 'invalid_request_error',
            param: 'messages',
            code: 'context_length_exceeded',
          },
        },
      };
    case 'vllm':
      // vLLM's own error shape (not OpenAI's `{"error": ...}`).
      return {
        kind: 'http',
        status: 400,
        body: {
          object: 'error',
          message: `This model's maximum context length is ${window} tokens. However, you requested ${promptTokens} tokens (${promptTokens} in the messages, 0 in the completion). Please reduce the length of the messages or completion.`,
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
      };
    case 'llamacpp':
      return {
        kind: 'http',
        status: 400,
        body: {
          error: {
            code: 400,
            message: `request (${promptTokens} tokens) exceeds the available context size (${window} tokens), try increasing it`,
            type: 'exceed_context_size_error',
            n_prompt_tokens: promptTokens,
            n_ctx: window,
          },
        },
      };
    case 'ollama':
      // Ollama does not say the limit.
      return {
        kind: 'http',
        status: 400,
        body: {
          error: {
            message: 'the input length exceeds the context length',
            type: 'invalid_request_error',
            param: null,
            code: null,
          },
        },
      };
    case 'lmstudio': {
      const message = `Input does not fit in context length. The input has ${promptTokens} tokens, but the context length only supports ${window} tokens.`;
      return { kind: 'stream-error', data: { error: { message }, message } };
    }
  }
}

/**
 * The window-reporting endpoint of a server kind: the JSON for `GET path` (or `POST` for
 * Ollama's `/api/show`), or undefined when this server has no such endpoint.
 */
export function windowEndpoint(
  kind: ServerKind,
  method: string,
  path: string,
  model: string,
  window: number,
): unknown {
  const get = method === 'GET';
  switch (kind) {
    case 'vllm':
      return get && path.endsWith('/v1/models')
        ? {
            object: 'list',
            data: [
              { id: model, object: 'model', owned_by: 'vllm', root: model, max_model_len: window },
            ],
          }
        : undefined;
    case 'llamacpp':
      return get && path === '/props'
        ? { default_generation_settings: { n_ctx: window }, total_slots: 1 }
        : undefined;
    case 'ollama':
      if (get && path === '/api/ps') {
        return {
          models: [{ name: `${model}:latest`, model: `${model}:latest`, context_length: window }],
        };
      }
      return !get && path === '/api/show'
        ? { parameters: `num_ctx ${window}`, model_info: { 'qwen2.context_length': 32768 } }
        : undefined;
    case 'lmstudio':
      return get && path === '/api/v0/models'
        ? {
            object: 'list',
            data: [
              {
                id: model,
                object: 'model',
                type: 'llm',
                state: 'loaded',
                max_context_length: 32768,
                loaded_context_length: window,
              },
            ],
          }
        : undefined;
    case 'openai':
      return undefined;
  }
}

/** The prompt's size as the scripted server counts it: about 4 characters a token, tools included. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: the client's raw JSON body
export function countPromptTokens(body: any): number {
  const tools = Array.isArray(body?.tools) ? JSON.stringify(body.tools).length : 0;
  return Math.max(1, Math.ceil((JSON.stringify(body?.messages ?? []).length + tools) / 4));
}

export function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  if (refusal.kind === 'http') {
    res.writeHead(refusal.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(refusal.body));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(`event: error\ndata: ${JSON.stringify(refusal.data)}\n\n`);
}
