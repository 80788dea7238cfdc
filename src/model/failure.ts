import { STATUS_CODES } from 'node:http';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { isRetryableStatus, serverRetryDelay } from './retry';

/** The stream went silent for longer than the idle timeout. */
export class IdleTimeoutError extends Error {
  override readonly name = 'IdleTimeoutError';
  constructor(readonly idleMs: number) {
    super(`no data from the server for ${formatSeconds(idleMs)} (idle timeout)`);
  }
}

/** The server closed a stream without sending a single chunk. */
export class EmptyStreamError extends Error {
  override readonly name = 'EmptyStreamError';
  constructor() {
    super('the server closed the stream without sending anything');
  }
}

/** One failed attempt, classified. */
export interface Failure {
  /** One line for the user: `429 Too Many Requests — rate limited`. */
  detail: string;
  retryable: boolean;
  status?: number;
  /** What the server asked us to wait (retry-after-ms / retry-after), capped. */
  retryAfterMs?: number;
  /** A 4xx that names stream_options: the server does not support it. */
  rejectsStreamOptions: boolean;
}

/** Error codes of a connection that broke while the body was streaming. */
const DROP_CODES = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_BODY_TIMEOUT',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
]);

export function describeFailure(error: unknown): Failure {
  const base = { rejectsStreamOptions: false };
  if (error instanceof IdleTimeoutError || error instanceof EmptyStreamError) {
    return { ...base, detail: error.message, retryable: true };
  }
  if (error instanceof APIConnectionTimeoutError) {
    return { ...base, detail: 'the request timed out', retryable: true };
  }
  if (error instanceof APIConnectionError) {
    return { ...base, detail: `cannot connect — ${causeText(error)}`, retryable: true };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const message = serverMessage(error);
    const statusText = STATUS_CODES[status] ?? 'Error';
    const detail =
      message && message.toLowerCase() !== statusText.toLowerCase()
        ? `${status} ${statusText} — ${message}`
        : `${status} ${statusText}`;
    const override = error.headers?.get('x-should-retry');
    const retryable = override === 'true' || (override !== 'false' && isRetryableStatus(status));
    const retryAfterMs = serverRetryDelay(error.headers);
    return {
      detail,
      status,
      retryable,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      rejectsStreamOptions:
        status >= 400 && status < 500 && /stream_options|include_usage/i.test(message),
    };
  }
  if (error instanceof APIError) {
    // An `{"error": ...}` event inside the stream: the server gave up on this answer.
    return {
      ...base,
      detail: `the server sent an error — ${serverMessage(error)}`,
      retryable: false,
    };
  }
  if (error instanceof SyntaxError) {
    // A chunk cut or garbled on the way (a proxy, a server hiccup): the next attempt may be whole.
    return {
      ...base,
      detail: `malformed data in the stream — ${oneLine(error.message)}`,
      retryable: true,
    };
  }
  if (isConnectionDrop(error)) {
    return {
      ...base,
      detail: `connection dropped mid-stream — ${causeText(error)}`,
      retryable: true,
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { ...base, detail: oneLine(text) || 'unknown error', retryable: false };
}

/** undici reports a body cut short as `TypeError: terminated` with a socket error as cause. */
export function isConnectionDrop(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && error.message === 'terminated') return true;
  return chain(error).some((e) => DROP_CODES.has(String((e as { code?: unknown }).code)));
}

function serverMessage(error: APIError): string {
  const body: unknown = error.error;
  if (typeof body === 'string') return oneLine(body);
  if (body && typeof body === 'object') {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string') return oneLine(message);
  }
  // The SDK's message is `${status} ${text}`; keep only the server's text.
  const text = error.message.replace(/^\d{3}\s*/, '');
  return text === 'status code (no body)' ? '' : oneLine(text);
}

/** The innermost useful reason of a connection error: `connect ECONNREFUSED 127.0.0.1:9`. */
function causeText(error: Error): string {
  const errors = chain(error);
  const deepest = errors[errors.length - 1];
  const message = oneLine(deepest.message);
  const code = (deepest as { code?: unknown }).code;
  if (message === 'terminated' || message === 'fetch failed') return 'connection closed';
  if (!message && typeof code === 'string') return code;
  if (typeof code === 'string' && !message.includes(code)) return `${message} (${code})`;
  return message || 'connection error';
}

function chain(error: Error): Error[] {
  const errors: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && errors.length < 8) {
    errors.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return errors;
}

/** One line, no markup, at most 300 characters. */
function oneLine(text: string): string {
  const flat = text
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
