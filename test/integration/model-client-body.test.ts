import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/model/types';
import {
  MESSAGES,
  TOOLS,
  client,
  closeServersAfterEach,
  run,
  serve,
} from '../support/model-client-harness';

closeServersAfterEach();

let redirector: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (redirector ? redirector.close(resolve) : resolve(undefined)));
  redirector = undefined;
});

/** A server that answers every request with `status` and a Location on `target`. */
async function redirecting(status: number, target: string): Promise<string> {
  redirector = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { location: `${target}${(req.url ?? '').replace(/^\/old/, '')}` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => redirector?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/old`;
}

describe('model client request body', () => {
  it('sends the whole growing conversation, with its Content-Length', async () => {
    const s = await serve([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    const model = client(s.baseURL);
    const history: ChatMessage[] = [...MESSAGES];
    for (let i = 0; i < 3; i++) {
      const { turn, error } = await run(model, { messages: history });
      expect(error).toBeUndefined();
      history.push(
        { role: 'assistant', content: turn?.content ?? '' },
        { role: 'user', content: `next ${i} “ü” ${'long text '.repeat(3000)}` },
      );
    }
    expect(s.requests.map((r) => r.body)).toEqual(
      [1, 3, 5].map((n) => expect.objectContaining({ messages: history.slice(0, n) })),
    );
    for (const request of s.requests) {
      expect(Number(request.headers['content-length'])).toBe(
        Buffer.byteLength(JSON.stringify(request.body)),
      );
      expect(request.headers['transfer-encoding']).toBeUndefined();
    }
  });

  it.each([307, 308])('follows a %i redirect of the base URL, body and all', async (status) => {
    const s = await serve([{ text: 'Redirected fine.' }]);
    const base = await redirecting(status, s.baseURL);
    const { turn, error } = await run(client(`${base}`));
    expect(error).toBeUndefined();
    expect(turn?.content).toBe('Redirected fine.');
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0].body).toMatchObject({ messages: MESSAGES, tools: TOOLS, stream: true });
  });
});
