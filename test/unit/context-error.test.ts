import { describe, expect, it } from 'vitest';
import { APIError, BadRequestError, InternalServerError, RateLimitError } from 'openai';
import { classifyContextOverflow } from '../../src/model/context-error';
import { describeFailure } from '../../src/model/failure';

/** Each server's wording as it sends it (message, and the error object where it has fields). */
const WORDINGS: {
  server: string;
  status?: number;
  text: string;
  body?: unknown;
  limit?: number;
  prompt?: number;
}[] = [
  {
    server: 'OpenAI (chat completions)',
    status: 400,
    text: "This model's maximum context length is 16384 tokens. However, your messages resulted in 17020 tokens. Please reduce the length of the messages.",
    body: { type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' },
    limit: 16384,
    prompt: 17020,
  },
  {
    server: 'OpenAI (code only, newer wording)',
    status: 400,
    text: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
    body: { code: 'context_length_exceeded' },
  },
  {
    server: 'vLLM (before 0.8)',
    status: 400,
    text: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
    limit: 4096,
    prompt: 5000,
  },
  {
    server: 'vLLM (0.8+)',
    status: 400,
    text: "This model's maximum context length is 32768 tokens. However, your request has 40000 input tokens. Please reduce the length of the input messages. (parameter=input_tokens, value=40000)",
    body: { type: 'BadRequestError', param: 'input_tokens', code: 400 },
    limit: 32768,
    prompt: 40000,
  },
  {
    server: 'vLLM engine',
    status: 400,
    text: 'The decoder prompt (length 40000) is longer than the maximum model length of 32768. Make sure that `max_model_len` is no smaller than the number of text tokens.',
    limit: 32768,
    prompt: 40000,
  },
  {
    server: 'llama.cpp server (with sizes)',
    status: 400,
    text: 'request (4476 tokens) exceeds the available context size (4096 tokens), try increasing it',
    body: { code: 400, type: 'exceed_context_size_error', n_prompt_tokens: 4476, n_ctx: 4096 },
    limit: 4096,
    prompt: 4476,
  },
  {
    server: 'llama.cpp server (older builds)',
    status: 400,
    text: 'the request exceeds the available context size, try increasing it',
  },
  {
    server: 'Ollama',
    status: 400,
    text: 'the input length exceeds the context length',
  },
  {
    server: 'Ollama (as a 500)',
    status: 500,
    text: 'input exceeds maximum context length',
  },
  {
    server: 'Ollama (llama-server runner, nested JSON)',
    status: 400,
    text: '{"error":{"code":400,"message":"request (351 tokens) exceeds the available context size (256 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":351,"n_ctx":256}}',
    limit: 256,
    prompt: 351,
  },
  {
    server: 'LM Studio 0.4 (event: error in the stream)',
    text: 'Input does not fit in context length. The input has 31430 tokens, but the context length only supports 30000 tokens.',
    limit: 30000,
    prompt: 31430,
  },
  {
    server: 'LM Studio 0.3',
    text: 'Trying to keep the first 10136 tokens when context the overflows. However, the model is loaded with context length of only 7866 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input',
    limit: 7866,
    prompt: 10136,
  },
  {
    server: 'LM Studio (n_keep)',
    text: 'The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 9000, n_ctx: 8192)',
    limit: 8192,
  },
  {
    server: 'LM Studio (mid-generation)',
    text: 'Reached context length of 4096 tokens with model (arch: qwen3) that does not currently support mid-generation context overflow. Try reloading with a larger context length or shortening the prompt/chat.',
    limit: 4096,
  },
  {
    server: 'LM Studio (MLX)',
    text: 'Context size has been exceeded.',
  },
];

describe('classifyContextOverflow: each server wording', () => {
  for (const wording of WORDINGS) {
    it(`${wording.server}`, () => {
      const overflow = classifyContextOverflow(wording.status, wording.text, wording.body);
      expect(overflow).toBeDefined();
      expect(overflow?.limit).toBe(wording.limit);
      expect(overflow?.promptTokens).toBe(wording.prompt);
    });
  }

  it('numbers with thousands separators are read whole', () => {
    expect(
      classifyContextOverflow(400, "This model's maximum context length is 128,000 tokens."),
    ).toEqual({ limit: 128000 });
  });
});

describe('classifyContextOverflow: not a context overflow', () => {
  const others: [number | undefined, string][] = [
    [
      429,
      'Request too large for gpt-4o in organization org-x on tokens per min (TPM): Limit 30000, Requested 45000.',
    ],
    [429, 'Rate limit reached: maximum context length is 8192 tokens per request'],
    [400, 'Throttling error: Too many tokens, please wait before trying again.'],
    [401, 'Incorrect API key provided'],
    [400, 'Bad Request'],
    [404, 'The model `gpt-5` does not exist'],
    [undefined, 'the server had an error while processing your request'],
  ];
  for (const [status, text] of others) {
    it(`${status ?? 'stream'}: ${text.slice(0, 50)}`, () => {
      expect(classifyContextOverflow(status, text)).toBeUndefined();
    });
  }
});

describe('describeFailure marks context overflows', () => {
  const headers = new Headers();
  it('a 400 context_length_exceeded is not retried and carries the limit', () => {
    const error = new BadRequestError(
      400,
      {
        message:
          "This model's maximum context length is 12000 tokens. However, your messages resulted in 13001 tokens.",
        code: 'context_length_exceeded',
      },
      undefined,
      headers,
    );
    const failure = describeFailure(error);
    expect(failure.retryable).toBe(false);
    expect(failure.contextOverflow).toEqual({ limit: 12000, promptTokens: 13001 });
  });

  it('a 500 that says the input exceeds the context is not retried (retrying cannot fit it)', () => {
    const error = new InternalServerError(
      500,
      { message: 'input exceeds maximum context length' },
      undefined,
      headers,
    );
    const failure = describeFailure(error);
    expect(failure.retryable).toBe(false);
    expect(failure.contextOverflow).toEqual({});
  });

  it('an error event inside the stream (LM Studio) is classified too', () => {
    const error = new APIError(
      undefined,
      { message: 'Context size has been exceeded.' },
      undefined,
      undefined,
    );
    expect(describeFailure(error).contextOverflow).toEqual({});
  });

  it('a rate limit stays retryable and is no overflow', () => {
    const error = new RateLimitError(
      429,
      { message: 'tokens per min (TPM): Limit 1000' },
      undefined,
      headers,
    );
    const failure = describeFailure(error);
    expect(failure.retryable).toBe(true);
    expect(failure.contextOverflow).toBeUndefined();
  });
});
