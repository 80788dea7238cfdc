/**
 * The requests `tick doctor` makes, read the way tick's client reads them (the same delta
 * assembly), but raw: what the server sent (a stream or one JSON body), how long the first
 * token and the whole answer took, and the server's own error text.
 */
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { completionToChunk, createTurnAssembler } from '../assemble';
import type { AssistantTurn } from '../types';

export interface HttpAnswer {
  status?: number;
  json?: unknown;
  /** The server's error message, or why nothing answered (`connection refused`). */
  error?: string;
  /** Nothing answered at all (connection refused, no such host, timeout). */
  unreachable: boolean;
  ms: number;
}

export interface ProbeOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Why a request got no answer, in a few words (the innermost cause says most). */
export function connectionText(error: unknown): string {
  let current: unknown = error;
  let deepest = error instanceof Error ? error.message : String(error);
  for (let depth = 0; current instanceof Error && depth < 6; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
    if (code === 'ECONNRESET') return 'the connection was reset';
    if (current.name === 'AbortError' || current.name === 'TimeoutError')
      return 'no answer in time';
    if (current.message) deepest = current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return deepest;
}

/** The message an error body carries (`{"error": {"message"}}`, vLLM's `{"message"}`, text). */
export function errorMessage(body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const error = record.error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object') {
      const message = (error as Record<string, unknown>).message;
      if (typeof message === 'string') return message;
    }
    if (typeof record.message === 'string') return record.message;
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function timeout(options: ProbeOptions): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

export async function getJson(url: string, options: ProbeOptions): Promise<HttpAnswer> {
  const started = performance.now();
  const { signal, done } = timeout(options);
  try {
    const response = await (options.fetch ?? fetch)(url, { headers: options.headers, signal });
    const text = await response.text();
    const json = jsonOf(text);
    const ms = performance.now() - started;
    if (!response.ok) {
      return { status: response.status, error: errorMessage(json, text), unreachable: false, ms };
    }
    return { status: response.status, json, unreachable: false, ms };
  } catch (error) {
    return { error: connectionText(error), unreachable: true, ms: performance.now() - started };
  } finally {
    done();
  }
}

export interface ChatAnswer {
  status?: number;
  error?: string;
  unreachable: boolean;
  /** The answer came as a stream of chunks (else as one JSON body). */
  streamed: boolean;
  chunks: number;
  turn?: AssistantTurn;
  /** From the request to the first text or reasoning, and to the end. */
  firstTokenMs?: number;
  totalMs: number;
  /** The time limit ended it. */
  timedOut: boolean;
}

/** One chat request, streamed when `body.stream` is set, read to its end or the time limit. */
export async function chat(url: string, body: object, options: ProbeOptions): Promise<ChatAnswer> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const { signal, done } = timeout(options);
  const assembler = createTurnAssembler();
  let firstTokenMs: number | undefined;
  let chunks = 0;
  const push = (chunk: ChatCompletionChunk) => {
    chunks += 1;
    const events = assembler.push(chunk);
    if (firstTokenMs === undefined && events.some((e) => e.type !== 'tool_call_started'))
      firstTokenMs = elapsed();
  };
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    done();
    const text = connectionText(error);
    const timedOut = text === 'no answer in time';
    return {
      error: text,
      unreachable: !timedOut,
      streamed: false,
      chunks,
      totalMs: elapsed(),
      timedOut,
    };
  }
  const base = { status: response.status, unreachable: false };
  try {
    if (!response.ok) {
      const text = await response.text();
      const json = jsonOf(text);
      return {
        ...base,
        error: errorMessage(json, text),
        streamed: false,
        chunks,
        totalMs: elapsed(),
        timedOut: false,
      };
    }
    const streamed = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    if (!streamed) {
      const json = (await response.json()) as ChatCompletion & { error?: unknown };
      if (json?.error) {
        return {
          ...base,
          error: errorMessage(json, ''),
          streamed,
          chunks,
          totalMs: elapsed(),
          timedOut: false,
        };
      }
      push(completionToChunk(json));
    } else {
      const error = await readEvents(response, push);
      if (error) return { ...base, error, streamed, chunks, totalMs: elapsed(), timedOut: false };
    }
    return {
      ...base,
      streamed,
      chunks,
      turn: assembler.finish(),
      ...(firstTokenMs !== undefined ? { firstTokenMs } : {}),
      totalMs: elapsed(),
      timedOut: false,
    };
  } catch (error) {
    const timedOut = signal.aborted;
    return {
      ...base,
      ...(timedOut ? {} : { error: connectionText(error) }),
      streamed: true,
      chunks,
      turn: assembler.finish(),
      ...(firstTokenMs !== undefined ? { firstTokenMs } : {}),
      totalMs: elapsed(),
      timedOut,
    };
  } finally {
    done();
  }
}

/** Reads SSE `data:` lines into chunks; returns the message of an `{"error"}` event. */
async function readEvents(
  response: Response,
  push: (chunk: ChatCompletionChunk) => void,
): Promise<string | undefined> {
  if (!response.body) return undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(part, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        continue;
      }
      if (json && typeof json === 'object' && 'error' in json) return errorMessage(json, data);
      push(json as ChatCompletionChunk);
    }
  }
  return undefined;
}
