/**
 * Recognises a server saying "the prompt does not fit the context window", in the wording of
 * each server tick talks to, and reads the real limit from it when the server states it.
 * Pure: every wording has a unit test.
 */

/** A context-length refusal, with what the server told about it. */
export interface ContextOverflow {
  /** The window the server enforces, when it says (`maximum context length is 12000 tokens`). */
  limit?: number;
  /** The prompt's size as the server counted it, when it says. */
  promptTokens?: number;
}

/**
 * Phrases that mean a context-length refusal. Rate limits that speak of tokens (`tokens per
 * min`, `Too many tokens, please wait`) are not among them: waiting fixes those, compacting
 * does not.
 */
const OVERFLOW_PATTERNS: readonly RegExp[] = [
  // OpenAI's error code (also sent by OpenRouter and LiteLLM).
  /context_length_exceeded/i,
  // OpenAI and vLLM: "This model's maximum context length is 16384 tokens. However, ..."
  /maximum context length is \d/i,
  // OpenAI's newer wording: "Your input exceeds the context window of this model."
  /exceeds the context window/i,
  // vLLM's engine: "The decoder prompt (length 40000) is longer than the maximum model length of 32768."
  /longer than the maximum model length/i,
  // llama.cpp server (and Ollama, which runs it): "the request exceeds the available context
  // size, try increasing it", "request (4476 tokens) exceeds the available context size (4096 tokens)"
  /exceeds? the available context size/i,
  /exceed_context_size_error/i,
  // Ollama: "the input length exceeds the context length", "input exceeds maximum context length"
  /input length exceeds the (?:maximum )?context length/i,
  /input exceeds (?:the )?maximum context length/i,
  // LM Studio 0.4: "Input does not fit in context length. The input has 31430 tokens, but the
  // context length only supports 30000 tokens."
  /does not fit in (?:the )?context length/i,
  // LM Studio 0.3: "Trying to keep the first 10136 tokens when context the overflows. However,
  // the model is loaded with context length of only 7866 tokens, which is not enough."
  /context length of only \d/i,
  // LM Studio: "The number of tokens to keep from the initial prompt is greater than the
  // context length (n_keep: 0, n_ctx: 8192)"
  /greater than the context length/i,
  // LM Studio: "Reached context length of 4096 tokens with model (arch: qwen3) that does not
  // currently support mid-generation context overflow."
  /reached context length of \d/i,
  // LM Studio's MLX engine.
  /context size has been exceeded/i,
];

/** Where a server states the window; the first group is the number. */
const LIMIT_PATTERNS: readonly RegExp[] = [
  /maximum context length is ([\d,]+)/i,
  /maximum model length of ([\d,]+)/i,
  /available context size \(([\d,]+) tokens?\)/i,
  /context length only supports ([\d,]+)/i,
  /context length of only ([\d,]+)/i,
  /reached context length of ([\d,]+)/i,
  /n_ctx:\s*([\d,]+)/i,
];

/** Where a server states the prompt's size; the first group is the number. */
const PROMPT_PATTERNS: readonly RegExp[] = [
  /you requested ([\d,]+) tokens/i,
  /your messages resulted in ([\d,]+) tokens/i,
  /your request has ([\d,]+) input tokens/i,
  /request \(([\d,]+) tokens?\) exceeds/i,
  /the input has ([\d,]+) tokens/i,
  /decoder prompt \(length ([\d,]+)\)/i,
  /keep the first ([\d,]+) tokens/i,
];

function firstNumber(text: string, patterns: readonly RegExp[]): number | undefined {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const value = Number(match[1].replace(/,/g, ''));
    if (Number.isSafeInteger(value) && value > 0) return value;
  }
  return undefined;
}

function numberField(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Classifies a failed request. `status` is the HTTP status (undefined for an error the server
 * sent inside a stream, as LM Studio does); `text` is the server's message; `body` its error
 * object, whose `code`, `n_ctx` and `n_prompt_tokens` (llama.cpp) are read when present.
 * Returns undefined for anything that is not a context-length refusal.
 */
export function classifyContextOverflow(
  status: number | undefined,
  text: string,
  body?: unknown,
): ContextOverflow | undefined {
  // A rate limit is never a context overflow, whatever its text says about tokens.
  if (status === 429 || (status !== undefined && status < 400)) return undefined;
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const haystack = [text, typeof fields.code === 'string' ? fields.code : '', fields.type]
    .filter((part): part is string => typeof part === 'string')
    .join(' ');
  if (!OVERFLOW_PATTERNS.some((pattern) => pattern.test(haystack))) return undefined;
  const limit = numberField(fields, 'n_ctx') ?? firstNumber(text, LIMIT_PATTERNS);
  const promptTokens = numberField(fields, 'n_prompt_tokens') ?? firstNumber(text, PROMPT_PATTERNS);
  return {
    ...(limit !== undefined ? { limit } : {}),
    ...(promptTokens !== undefined ? { promptTokens } : {}),
  };
}
