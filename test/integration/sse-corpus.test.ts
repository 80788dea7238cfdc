import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpus } from '../support/corpora';
import { client, run, texts } from '../support/model-client-harness';

/**
 * Real streams recorded from real servers (../shared/corpora/sse, see its INDEX.md), served
 * byte for byte over HTTP to tick's model client, which reads them through the openai SDK.
 * What the client must get out of each is worked out from the file itself, independently of
 * the client's own assembly: the text and reasoning deltas joined, one call per distinct id
 * with the first name it was given and its argument pieces in order, and an error when the
 * server sent one. A new SDK major that parses SSE differently fails here.
 */
const dir = corpus('sse');
const files = readdirSync(dir).filter((name) => name.endsWith('.sse'));

interface Expected {
  text: string;
  reasoning: string;
  calls: { name: string; arguments: string }[];
  error: boolean;
}

type Json = Record<string, unknown>;

/** The data lines' JSON, skipping [DONE] and anything that is not JSON. */
function chunks(body: string): Json[] {
  const out: Json[] = [];
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') continue;
    try {
      out.push(JSON.parse(data) as Json);
    } catch {
      // A recorded comment or a cut line: nothing a client can read.
    }
  }
  return out;
}

function expectedOf(body: string): Expected {
  const expected: Expected = { text: '', reasoning: '', calls: [], error: false };
  let current: { name: string; arguments: string } | undefined;
  const ids = new Set<string>();
  for (const chunk of chunks(body)) {
    if (chunk.error) expected.error = true;
    for (const choice of (chunk.choices as Json[] | undefined) ?? []) {
      const delta = (choice.delta ?? {}) as Json;
      if (typeof delta.content === 'string') expected.text += delta.content;
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === 'string') expected.reasoning += reasoning;
      for (const part of (delta.tool_calls as Json[] | undefined) ?? []) {
        const fn = (part.function ?? {}) as Json;
        const id = typeof part.id === 'string' ? part.id : '';
        if ((id && !ids.has(id)) || !current) {
          if (id) ids.add(id);
          current = { name: '', arguments: '' };
          expected.calls.push(current);
        }
        if (!current.name && typeof fn.name === 'string') current.name = fn.name;
        if (typeof fn.arguments === 'string') current.arguments += fn.arguments;
      }
    }
  }
  return expected;
}

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    // The file is named by the base URL's first segment: /<file>/v1/chat/completions.
    const name = decodeURIComponent((request.url ?? '/').split('/')[1] ?? '');
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(readFileSync(`${dir}/${name}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('real recorded streams through the model client', () => {
  test('the corpus is there, with text, reasoning, tool calls and server errors', () => {
    expect(files.length).toBeGreaterThan(20);
    const all = files.map((name) => expectedOf(readFileSync(`${dir}/${name}`, 'utf8')));
    expect(all.filter((one) => one.text).length).toBeGreaterThan(5);
    expect(all.filter((one) => one.reasoning).length).toBeGreaterThan(3);
    expect(all.filter((one) => one.calls.length > 1).length).toBeGreaterThan(3);
    expect(all.filter((one) => one.error).length).toBeGreaterThan(0);
  });

  test.each(files)('%s', async (name) => {
    const expected = expectedOf(readFileSync(`${dir}/${name}`, 'utf8'));
    const model = client(`${origin}/${encodeURIComponent(name)}/v1`, { maxRetries: 0 });
    const outcome = await run(model);
    expect(texts(outcome.events, 'text_delta')).toBe(expected.text);
    expect(texts(outcome.events, 'reasoning_delta')).toBe(expected.reasoning);
    if (expected.error) {
      expect(outcome.error?.message).toBeTruthy();
      return;
    }
    expect(outcome.error).toBeUndefined();
    const calls = outcome.turn?.toolCalls ?? [];
    expect(calls.map((call) => call.name)).toEqual(expected.calls.map((call) => call.name));
    expect(calls.map((call) => call.arguments).join('')).toBe(
      expected.calls.map((call) => call.arguments).join(''),
    );
  });
});
