import { describe, expect, it } from 'vitest';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { ChatBodyEncoder, type EncodedBody } from '../../src/model/request-body';
import type { ChatMessage, ToolDefinition } from '../../src/model/types';

const TOOLS: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'bash',
      description: 'run a command',
      parameters: { type: 'object', properties: { command: { type: 'string' } } },
    },
  },
];

async function text(body: EncodedBody): Promise<{ text: string; bytes: number; chunks: number }> {
  const reader = body.stream().getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  return { text: Buffer.concat(parts).toString('utf8'), bytes, chunks: parts.length };
}

function params(messages: ChatMessage[]): ChatCompletionCreateParamsStreaming {
  return {
    model: 'test-model',
    messages: [{ role: 'system', content: 'You are tick.' }, ...messages],
    stream: true,
    tools: TOOLS,
    stream_options: { include_usage: true },
  };
}

describe('ChatBodyEncoder', () => {
  it('sends exactly what JSON.stringify would, with its byte length', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'Fix the “tests” in src/ — ünïcödé, emoji 🚀, "quotes"\n\\' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'a.ts\nb.ts\n' },
    ];
    const request = params(history);
    const body = new ChatBodyEncoder().encode(request);
    const sent = await text(body);
    expect(sent.text).toBe(JSON.stringify(request));
    expect(body.length).toBe(Buffer.byteLength(JSON.stringify(request)));
    expect(sent.bytes).toBe(body.length);
  });

  it('follows the history as it grows, and a body can be sent again (retry)', async () => {
    const encoder = new ChatBodyEncoder();
    const history: ChatMessage[] = [{ role: 'user', content: 'one' }];
    const first = encoder.encode(params(history));
    history.push({ role: 'assistant', content: 'two' }, { role: 'user', content: 'three' });
    const second = encoder.encode(params(history));
    expect((await text(first)).text).toBe(JSON.stringify(params(history.slice(0, 1))));
    expect((await text(second)).text).toBe(JSON.stringify(params(history)));
    expect((await text(second)).text).toBe(JSON.stringify(params(history)));
  });

  it('streams a long conversation in small chunks, in order', async () => {
    const history: ChatMessage[] = Array.from({ length: 400 }, (_, i) => ({
      role: 'tool' as const,
      tool_call_id: `call_${i}`,
      content: `${i} `.repeat(200 + (i % 7)),
    }));
    const request = params(history);
    const sent = await text(new ChatBodyEncoder().encode(request));
    expect(sent.text).toBe(JSON.stringify(request));
    expect(sent.chunks).toBeGreaterThan(4);
  });

  it('stays exact as a long history grows, after /clear and when a message is replaced', async () => {
    const encoder = new ChatBodyEncoder();
    let history: ChatMessage[] = [];
    const check = async () => {
      const request = params(history);
      expect((await text(encoder.encode(request))).text).toBe(JSON.stringify(request));
    };
    for (let i = 0; i < 120; i++) {
      history.push({
        role: 'tool',
        tool_call_id: `c${i}`,
        content: `out ${i} `.repeat(i % 5 ? 30 : 900),
      });
      await check();
    }
    history = [{ role: 'user', content: 'new conversation' }];
    await check();
    history.push({ role: 'assistant', content: 'long '.repeat(5000) });
    await check();
    history[0] = { role: 'user', content: 'replaced' };
    await check();
    const noSystem = { ...params(history), messages: history };
    expect((await text(encoder.encode(noSystem))).text).toBe(JSON.stringify(noSystem));
    const empty = { ...params([]), messages: [] };
    expect((await text(encoder.encode(empty))).text).toBe(JSON.stringify(empty));
  });

  it('leaves out fields that are undefined, as JSON.stringify does', async () => {
    const request = { ...params([{ role: 'user', content: 'hi' }]), tools: undefined };
    const sent = await text(new ChatBodyEncoder().encode(request));
    expect(sent.text).toBe(JSON.stringify(request));
  });
});
