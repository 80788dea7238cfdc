import { AbortError } from './errors';

/** The longest we wait between attempts when we pick the delay ourselves. */
const MAX_BACKOFF_MS = 8_000;
/** A server may ask for more (Retry-After: 3600); we never wait longer than this. */
export const MAX_SERVER_DELAY_MS = 60_000;

/** Statuses worth another try: timeout, lock conflict, rate limit, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Exponential backoff with jitter: base, 2·base, 4·base, ... capped, each cut by
 * up to 25 % at random so many clients do not retry in lockstep.
 * `retry` counts from 1.
 */
export function backoffDelay(retry: number, baseMs: number, random = Math.random): number {
  const cap = Math.max(baseMs, MAX_BACKOFF_MS);
  const raw = Math.min(baseMs * 2 ** Math.max(0, retry - 1), cap);
  return Math.round(raw * (1 - random() * 0.25));
}

/**
 * The delay the server asked for, in ms: `retry-after-ms`, else `retry-after`
 * (seconds or an HTTP date). Capped at MAX_SERVER_DELAY_MS; undefined when absent.
 */
export function serverRetryDelay(
  headers: Pick<Headers, 'get'> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const cap = (ms: number) => Math.min(Math.max(0, Math.round(ms)), MAX_SERVER_DELAY_MS);
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return cap(Number(ms));
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  if (Number.isFinite(Number(after))) return cap(Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : cap(date - now);
}

/** Waits `ms`, or rejects with AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
