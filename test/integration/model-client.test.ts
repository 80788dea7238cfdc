import { describe, expect, it } from 'vitest';
import { createModelClient } from '../../src/model/client';
import { withTextCallRecovery } from '../../src/model/text-calls/recovering-client';
import { ModelConfigError } from '../../src/model/errors';
import type { ChatMessage } from '../../src/model/types';
import {
  MESSAGES,
  TOOLS,
  client,
  closeServersAfterEach,
  ofType,
  run,
  serve,
  texts,
} from '../support/model-client-harness';
import { DIALECTS, type Dialect } from '../support/scripted-server';

closeServersAfterEach();

const REASONING_FIELD: Record<Dialect, 'reasoning_content' | 'reasoning'> = {
  openai: 'reasoning_content',
  'no-index': 'reasoning_content',
  'whole-args': 'reasoning_content',
  'empty-name': 'reasoning_content',
  'repeat-name': 'reasoning_content',
  'stop-finish': 'reasoning_content',
  'no-finish': 'reasoning_content',
  'reasoning-field': 'reasoning',
  'usage-every-chunk': 'reasoning_content',
  ollama: 'reasoning',
  lmstudio: 'reasoning_content',
  deepseek: 'reasoning_content',
  vllm: 'reasoning',
  litellm: 'reasoning_content',
  'no-id': 'reasoning_content',
  'text-hermes': 'reasoning_content',
  'text-qwen3-coder': 'reasoning_content',
  'text-llama-json': 'reasoning_content',
  'text-mistral': 'reasoning_content',
  'text-deepseek': 'reasoning_content',
  'text-harmony': 'reasoning_content',
  'text-kimi': 'reasoning_content',
  'text-glm': 'reasoning_content',
  'text-gemma': 'reasoning_content',
};

/** A text dialect's calls come back only through recovery: the client tick builds for them. */
function clientFor(dialect: Dialect, baseURL: string) {
  return dialect.startsWith('text-') ? withTextCallRecovery(client(baseURL)) : client(baseURL);
}

describe('model client against each dialect', () => {
  it.each(DIALECTS.map((d) => [d]))('%s: text, reasoning, two calls and usage', async (dialect) => {
    const s = await serve([
      {
        dialect,
        chunkSize: 3,
        reasoning: 'The user wants files.',
        text: 'Listing both folders.',
        toolCalls: [
          { name: 'bash', arguments: { command: 'ls src' } },
          { name: 'bash', arguments: { command: 'ls test && echo "done"' } },
        ],
      },
    ]);
    const { events, turn, error } = await run(clientFor(dialect, s.baseURL));
    expect(error).toBeUndefined();
    expect(turn?.content).toBe(
      dialect.startsWith('text-') ? 'Listing both folders.\n\n' : 'Listing both folders.',
    );
    expect(turn?.reasoning).toBe('The user wants files.');
    expect(turn?.reasoningField).toBe(REASONING_FIELD[dialect]);
    expect(texts(events, 'text_delta')).toBe(turn?.content);
    expect(texts(events, 'reasoning_delta')).toBe('The user wants files.');
    expect(turn?.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['bash', { command: 'ls src' }],
      ['bash', { command: 'ls test && echo "done"' }],
    ]);
    const ids = turn?.toolCalls.map((c) => c.id) ?? [];
    expect(new Set(ids).size).toBe(2);
    expect(ofType(events, 'tool_call_started').map((e) => [e.id, e.name])).toEqual(
      ids.map((id) => [id, 'bash']),
    );
    expect(ofType(events, 'usage')).toHaveLength(1);
    expect(turn?.usage?.outputTokens).toBeGreaterThan(0);
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0].body).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      tools: TOOLS,
      messages: MESSAGES,
    });
  });

  it('accepts a text answer with no finish_reason at all', async () => {
    const s = await serve([{ dialect: 'no-finish', text: 'No finish here.' }]);
    const { turn } = await run(client(s.baseURL));
    expect(turn).toMatchObject({ content: 'No finish here.', toolCalls: [], reasoning: '' });
    expect(turn?.finishReason).toBeUndefined();
  });

  it('handles a whole JSON completion sent although streaming was asked for', async () => {
    const s = await serve([
      {
        stream: false,
        text: 'Whole.',
        reasoning: 'quick',
        toolCalls: [{ name: 'bash', arguments: '{"command":"pwd"}', id: 'w1' }],
        usage: { prompt_tokens: 9, completion_tokens: 4 },
      },
    ]);
    const { events, turn } = await run(client(s.baseURL));
    expect(turn).toMatchObject({
      content: 'Whole.',
      reasoning: 'quick',
      toolCalls: [{ id: 'w1', name: 'bash', arguments: '{"command":"pwd"}' }],
      usage: { inputTokens: 9, outputTokens: 4 },
    });
    expect(texts(events, 'text_delta')).toBe('Whole.');
  });

  it('reports the usage the server sent', async () => {
    const s = await serve([{ text: 'ok', usage: { prompt_tokens: 42, completion_tokens: 7 } }]);
    const { events, turn } = await run(client(s.baseURL));
    expect(ofType(events, 'usage')).toEqual([
      { type: 'usage', usage: { inputTokens: 42, outputTokens: 7 } },
    ]);
    expect(turn?.usage).toEqual({ inputTokens: 42, outputTokens: 7 });
  });
});

describe('model client configuration', () => {
  it('refuses a remote server without an API key, with one clear line', () => {
    expect(() =>
      createModelClient({
        baseURL: 'https://api.example.com/v1',
        apiKey: '',
        model: 'm',
        idleTimeoutMs: 1000,
        maxRetries: 0,
      }),
    ).toThrow(ModelConfigError);
  });

  it('sends a placeholder key to a local server when none is set', async () => {
    const s = await serve([{ text: 'local ok' }]);
    const model = createModelClient({
      baseURL: s.baseURL,
      apiKey: '',
      model: 'm',
      idleTimeoutMs: 1000,
      maxRetries: 0,
    });
    expect((await run(model)).turn?.content).toBe('local ok');
    expect(s.requests[0].headers.authorization).toBe('Bearer local');
  });

  it('sends DeepSeek reasoning back so the next request is accepted', async () => {
    const s = await serve([
      {
        dialect: 'deepseek',
        reasoning: 'Need a listing.',
        toolCalls: [{ name: 'bash', arguments: { command: 'ls' }, id: 'd1' }],
      },
      { dialect: 'deepseek', text: 'Here it is.' },
    ]);
    const model = client(s.baseURL);
    const first = await run(model);
    expect(first.turn?.reasoningField).toBe('reasoning_content');
    const call = {
      id: 'd1',
      type: 'function' as const,
      function: { name: 'bash', arguments: '{}' },
    };
    const history = (reasoning?: string): ChatMessage[] => [
      ...MESSAGES,
      {
        role: 'assistant',
        content: null,
        tool_calls: [call],
        ...(reasoning ? { reasoning_content: reasoning } : {}),
      } as ChatMessage,
      { role: 'tool', tool_call_id: 'd1', content: 'a.txt' },
    ];
    const without = await run(model, { messages: history() });
    expect(without.error?.message).toContain(
      '400 Bad Request — The reasoning_content in the thinking mode must be passed back',
    );
    const withIt = await run(model, { messages: history(first.turn?.reasoning) });
    expect(withIt.turn?.content).toBe('Here it is.');
  });
});
