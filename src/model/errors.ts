import type { ContextOverflow } from './context-error';

const MODEL_FAILURE = 'Model request failed:';

/** A failed model request's error text (as the loop reports a ModelError). */
export function isModelFailure(message: string): boolean {
  return message.startsWith(MODEL_FAILURE);
}

/**
 * The model request failed for good (after the last retry, or at once for an
 * error that retrying cannot fix). `message` is one line meant for the user:
 * `Model request failed: 429 Too Many Requests — rate limited (http://host/v1) after 3 attempts`.
 */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  /** HTTP status, when the server answered with one. */
  readonly status?: number;
  readonly baseURL: string;
  readonly attempts: number;
  /** The failure without the prefix, URL and attempt count: `429 Too Many Requests — rate limited`. */
  readonly detail: string;
  /** Set when the server refused the prompt as too long for its context window. */
  readonly contextOverflow?: ContextOverflow;

  constructor(options: {
    detail: string;
    baseURL: string;
    attempts: number;
    status?: number;
    contextOverflow?: ContextOverflow;
  }) {
    const tries = options.attempts > 1 ? ` after ${options.attempts} attempts` : '';
    super(`${MODEL_FAILURE} ${options.detail} (${options.baseURL})${tries}`);
    this.detail = options.detail;
    this.baseURL = options.baseURL;
    this.attempts = options.attempts;
    if (options.status !== undefined) this.status = options.status;
    if (options.contextOverflow) this.contextOverflow = options.contextOverflow;
  }
}

/** The configuration cannot work (e.g. no API key for a remote server). */
export class ModelConfigError extends Error {
  override readonly name = 'ModelConfigError';
}

/** Thrown when the caller's AbortSignal ends a request; `name` is 'AbortError'. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  constructor(message = 'The model request was aborted') {
    super(message);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
