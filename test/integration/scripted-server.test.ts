import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGate,
  loadScriptFile,
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../support/scripted-server';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: Script) {
  server = await startScriptedServer(script);
  return server;
}

function chat(s: ScriptedServer, body: Record<string, unknown>) {
  return fetch(`${s.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
}

/** The parsed `data:` payloads of an SSE body, `[DONE]` as a string. */
function events(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice(6))
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
}

describe('scripted server', () => {
  it('listens on 127.0.0.1 and lists a model', async () => {
    const s = await serve([]);
    expect(s.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const models = await (await fetch(`${s.baseURL}/models`)).json();
    expect(models).toEqual({
      object: 'list',
      data: [{ id: 'scripted', object: 'model', created: 0, owned_by: 'tick' }],
    });
  });

  it('answers a non-streaming request with one completion', async () => {
    const s = await serve([
      { text: 'Done.', toolCalls: [{ name: 'glob', arguments: { pattern: '*' }, id: 'g' }] },
    ]);
    const body = await (await chat(s, {})).json();
    expect(body.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: 'Done.',
        tool_calls: [
          { id: 'g', type: 'function', function: { name: 'glob', arguments: '{"pattern":"*"}' } },
        ],
      },
    });
    expect(body.usage.completion_tokens).toBeGreaterThan(0);
  });

  it('streams chunks, the usage chunk when asked for, then [DONE]', async () => {
    const s = await serve([
      { text: 'abcdef', chunkSize: 3, usage: { prompt_tokens: 5, completion_tokens: 2 } },
    ]);
    const res = await chat(s, { stream: true, stream_options: { include_usage: true } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const data = events(await res.text());
    expect(data.at(-1)).toBe('[DONE]');
    expect(data.at(-2)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    });
    const contents = data.flatMap((d) =>
      typeof d === 'object'
        ? ((d as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? [])
        : [],
    );
    expect(contents.join('')).toBe('abcdef');
    expect(contents.filter(Boolean)).toEqual(['abc', 'def']);
  });

  it('fails the first N attempts of a faulted turn, then serves it and moves on', async () => {
    const s = await serve([
      {
        text: 'one',
        fault: { kind: 'status', status: 503, times: 2, retryAfterMs: 7, message: 'busy' },
      },
      { text: 'two' },
    ]);
    const first = await chat(s, {});
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after-ms')).toBe('7');
    expect(await first.json()).toEqual({
      error: { message: 'busy', type: 'server_error', code: 503 },
    });
    expect((await chat(s, {})).status).toBe(503);
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push((await (await chat(s, {})).json()).choices[0].message.content);
    expect(answers).toEqual(['one', 'two', '(script finished)']);
    expect(s.requests).toHaveLength(5);
  });

  it('passes each request and the turn index to a script function', async () => {
    const seen: [string, number][] = [];
    const s = await serve((request, index) => {
      seen.push([request.body.messages[0].content, index]);
      return { text: `turn ${index}` };
    });
    await chat(s, {});
    const second = await (await chat(s, {})).json();
    expect(second.choices[0].message.content).toBe('turn 1');
    expect(seen).toEqual([
      ['hi', 0],
      ['hi', 1],
    ]);
    expect(s.requests[0].headers['content-type']).toBe('application/json');
  });

  it('holds a gated stream after its headers until the gate opens', async () => {
    const gate = createGate();
    const s = await serve([{ text: 'gated', waitFor: gate.wait }]);
    const res = await chat(s, { stream: true });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const pending = reader.read();
    const early = await Promise.race([
      pending,
      new Promise((r) => setTimeout(() => r('waiting'), 200)),
    ]);
    expect(early).toBe('waiting');
    gate.open();
    let text = new TextDecoder().decode((await pending).value);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('"content":"gate"');
    expect(text).toContain('[DONE]');
  });

  it('rejects unknown routes and bodies that are not JSON', async () => {
    const s = await serve([]);
    expect((await fetch(`${s.baseURL}/embeddings`, { method: 'POST', body: '{}' })).status).toBe(
      404,
    );
    const bad = await fetch(`${s.baseURL}/chat/completions`, { method: 'POST', body: '{oops' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Request body is not valid JSON');
  });

  it('closes at once even with a stalled stream open', async () => {
    const s = await startScriptedServer([
      { text: 'abc', fault: { kind: 'stall', afterChunks: 1 } },
    ]);
    const res = await chat(s, { stream: true });
    const reader = res.body!.getReader();
    await reader.read();
    const started = Date.now();
    await s.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(reader.read()).rejects.toThrow();
  });
});

describe('loadScriptFile', () => {
  it('loads a JSON script and names the file when it is broken', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tick-script-'));
    try {
      const good = join(dir, 'good.json');
      await writeFile(good, JSON.stringify([{ text: 'hi', dialect: 'vllm' }]));
      expect(await loadScriptFile(good)).toEqual([{ text: 'hi', dialect: 'vllm' }]);
      const broken = join(dir, 'broken.json');
      await writeFile(broken, '[{"text": ');
      await expect(loadScriptFile(broken)).rejects.toThrow(`Script ${broken} is not valid JSON`);
      const invalid = join(dir, 'invalid.json');
      await writeFile(invalid, '[{"chunkSize": 0}]');
      await expect(loadScriptFile(invalid)).rejects.toThrow(
        new RegExp(`^Script ${invalid}: Invalid script: \\[0\\]\\.chunkSize: `),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
