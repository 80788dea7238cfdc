/**
 * What goes wrong with local set-ups, for the scripted server to imitate (and `tick doctor`
 * to be tested against): a model name the server does not have, a server that refuses to
 * stream, and Ollama's silent cut of a prompt longer than its window.
 */
import type { Refusal, ServerKind } from './server-kinds';
import { countPromptTokens } from './server-kinds';

export { sameModel } from '../model/doctor/model-names';

/** Each server's answer to a model it does not have, in its own words (llama.cpp serves any name). */
export function unknownModel(kind: ServerKind, model: string): Refusal | undefined {
  switch (kind) {
    case 'llamacpp':
      return undefined;
    case 'ollama':
      return {
        kind: 'http',
        status: 404,
        body: {
          error: {
            message: `model "${model}" not found, try pulling it first`,
            type: 'api_error',
            param: null,
            code: null,
          },
        },
      };
    case 'vllm':
      return {
        kind: 'http',
        status: 404,
        body: {
          object: 'error',
          message: `The model \`${model}\` does not exist.`,
          type: 'NotFoundError',
          param: null,
          code: 404,
        },
      };
    case 'openai':
    case 'lmstudio':
      return {
        kind: 'http',
        status: 404,
        body: {
          error: {
            message: `The model \`${model}\` does not exist or you do not have access to it.`,
            type: 'invalid_request_error',
            param: null,
            code: 'model_not_found',
          },
        },
      };
  }
}

/** A server that does not stream (some proxies, some old builds). */
export const STREAMING_REFUSED: Refusal = {
  kind: 'http',
  status: 400,
  body: { error: { message: 'Streaming is not supported', type: 'invalid_request_error' } },
};

/**
 * Ollama's cut: the oldest messages (the system prompt first) are dropped until the rest fits
 * the window, and the model answers what is left without a word. The kept body and its size.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: the client's raw JSON body
export function cutToWindow(body: any, window: number): { dropped: number; promptTokens: number } {
  const messages: unknown[] = Array.isArray(body?.messages) ? body.messages : [];
  let dropped = 0;
  while (dropped < messages.length - 1) {
    const tokens = countPromptTokens({ ...body, messages: messages.slice(dropped) });
    if (tokens <= window) break;
    dropped += 1;
  }
  return {
    dropped,
    promptTokens: Math.min(
      window,
      countPromptTokens({ ...body, messages: messages.slice(dropped) }),
    ),
  };
}

/** Ollama's own endpoints beside the window ones: its version and its models. */
export function ollamaEndpoint(method: string, path: string, models: readonly string[]): unknown {
  if (method !== 'GET') return undefined;
  if (path === '/api/version') return { version: '0.12.6' };
  if (path === '/api/tags') return { models: models.map((name) => ({ name, model: name })) };
  return undefined;
}
