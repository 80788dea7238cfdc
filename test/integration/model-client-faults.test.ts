import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/errors';
import {
  client,
  closeServersAfterEach,
  ofType,
  run,
  serve,
  texts,
} from '../support/model-client-harness';
import { startScriptedServer } from '../support/scripted-server';

closeServersAfterEach();

describe('model client faults and retries', () => {
  it('waits what retry-after-ms says on 429, then succeeds', async () => {
    const s = await serve([
      {
        text: 'Finally.',
        fault: { kind: 'status', status: 429, times: 2, retryAfterMs: 60, message: 'rate limited' },
      },
    ]);
    // A 10 s backoff would blow the test timeout if retry-after-ms were ignored.
    const started = Date.now();
    const { events, turn } = await run(client(s.baseURL, { retryBaseMs: 10_000 }));
    expect(turn?.content).toBe('Finally.');
    expect(s.requests).toHaveLength(3);
    expect(ofType(events, 'retry')).toEqual([
      { type: 'retry', attempt: 1, delayMs: 60, reason: '429 Too Many Requests — rate limited' },
      { type: 'retry', attempt: 2, delayMs: 60, reason: '429 Too Many Requests — rate limited' },
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('honours retry-after in seconds', async () => {
    const s = await serve([
      { text: 'ok', fault: { kind: 'status', status: 503, times: 1, retryAfter: 1 } },
    ]);
    const started = Date.now();
    const { events, turn } = await run(client(s.baseURL));
    expect(turn?.content).toBe('ok');
    expect(ofType(events, 'retry')[0]).toMatchObject({ delayMs: 1000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives one clear line after the last retry of a 500', async () => {
    const s = await serve([
      {
        text: 'never',
        fault: { kind: 'status', status: 500, times: 10, message: 'engine exploded' },
      },
    ]);
    const { events, error } = await run(client(s.baseURL));
    expect(error).toBeInstanceOf(ModelError);
    expect(error?.message).toBe(
      `Model request failed: 500 Internal Server Error — engine exploded (${s.baseURL}) after 3 attempts`,
    );
    expect((error as ModelError).status).toBe(500);
    expect(s.requests).toHaveLength(3);
    expect(ofType(events, 'retry').map((e) => e.attempt)).toEqual([1, 2]);
  });

  it('does not retry a 400 and names the server message', async () => {
    const s = await serve([
      { fault: { kind: 'status', status: 400, message: "model 'x' not found" } },
    ]);
    const { error } = await run(client(s.baseURL));
    expect(error?.message).toBe(
      `Model request failed: 400 Bad Request — model 'x' not found (${s.baseURL})`,
    );
    expect(s.requests).toHaveLength(1);
  });

  it('drops stream_options for good when the server rejects them', async () => {
    const s = await serve([
      {
        text: 'first',
        fault: {
          kind: 'status',
          status: 400,
          times: 1,
          message: 'Unrecognized request argument supplied: stream_options',
        },
      },
      { text: 'second' },
    ]);
    const model = client(s.baseURL, { maxRetries: 0 });
    expect((await run(model)).turn?.content).toBe('first');
    expect((await run(model)).turn?.content).toBe('second');
    expect(s.requests.map((r) => 'stream_options' in r.body)).toEqual([true, false, false]);
  });

  it('retries a connection dropped mid-stream as a whole request', async () => {
    const text = 'The answer streams in many small pieces.';
    const s = await serve([
      {
        text,
        toolCalls: [{ name: 'bash', arguments: { command: 'make test' } }],
        fault: { kind: 'drop', afterChunks: 5, times: 1 },
      },
    ]);
    const { events, turn } = await run(client(s.baseURL));
    expect(s.requests).toHaveLength(2);
    const retry = ofType(events, 'retry');
    expect(retry).toHaveLength(1);
    expect(retry[0].reason).toMatch(/^connection dropped mid-stream/);
    // What streamed after the retry event is the whole answer, once.
    const after = events.slice(events.indexOf(retry[0]) + 1);
    expect(texts(after, 'text_delta')).toBe(text);
    expect(turn?.content).toBe(text);
    expect(turn?.toolCalls.map((c) => c.arguments)).toEqual(['{"command":"make test"}']);
  });

  it('keeps a finished answer when only the trailer after finish_reason is lost', async () => {
    // role chunk, one content chunk, finish chunk: the drop comes before usage and [DONE].
    const s = await serve([{ text: 'done', fault: { kind: 'drop', afterChunks: 3 } }]);
    const { events, turn } = await run(client(s.baseURL));
    expect(turn?.content).toBe('done');
    expect(ofType(events, 'retry')).toHaveLength(0);
    expect(s.requests).toHaveLength(1);
  });

  it('aborts a stalled stream at the idle timeout and retries it', async () => {
    const s = await serve([
      { text: 'Back again.', fault: { kind: 'stall', afterChunks: 2, times: 1 } },
    ]);
    const { events, turn } = await run(client(s.baseURL, { idleTimeoutMs: 300 }));
    expect(turn?.content).toBe('Back again.');
    expect(s.requests).toHaveLength(2);
    expect(ofType(events, 'retry')[0].reason).toBe(
      'no data from the server for 300 ms (idle timeout)',
    );
  });

  it('reports a stream that keeps stalling after the last retry', async () => {
    const s = await serve([{ text: 'never', fault: { kind: 'stall', afterChunks: 1 } }]);
    const started = Date.now();
    const { error } = await run(client(s.baseURL, { idleTimeoutMs: 200, maxRetries: 1 }));
    expect(error?.message).toBe(
      `Model request failed: no data from the server for 200 ms (idle timeout) (${s.baseURL}) after 2 attempts`,
    );
    expect(s.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('times out a server that sends headers and then nothing', async () => {
    const s = await serve([{ text: 'x', waitFor: () => new Promise<void>(() => {}) }]);
    const { error } = await run(client(s.baseURL, { idleTimeoutMs: 200, maxRetries: 0 }));
    expect(error?.message).toBe(
      `Model request failed: no data from the server for 200 ms (idle timeout) (${s.baseURL})`,
    );
  });

  it('retries a malformed chunk like a dropped stream, and the retry streams the answer', async () => {
    const s = await serve([
      { text: 'some text here', fault: { kind: 'malformed', afterChunks: 2, times: 1 } },
    ]);
    const { events, turn } = await run(client(s.baseURL));
    expect(turn?.content).toBe('some text here');
    expect(s.requests).toHaveLength(2);
    const [retry] = ofType(events, 'retry');
    expect(retry.attempt).toBe(1);
    expect(retry.reason).toMatch(/^malformed data in the stream — /);
    // The partial text of the failed attempt comes before the retry; the retry streams it whole.
    const afterRetry = events.slice(events.indexOf(retry) + 1);
    expect(texts(afterRetry, 'text_delta')).toBe('some text here');
  });

  it('turns a chunk that stays malformed into one clear line after the last retry', async () => {
    const s = await serve([
      { text: 'some text here', fault: { kind: 'malformed', afterChunks: 2 } },
    ]);
    const { error } = await run(client(s.baseURL));
    expect(error).toBeInstanceOf(ModelError);
    expect(error?.message).toMatch(
      /^Model request failed: malformed data in the stream — .+ \(http:\/\/127\.0\.0\.1:\d+\/v1\) after 3 attempts$/,
    );
    expect(error?.message).not.toContain('\n');
    expect(s.requests).toHaveLength(3);
  });

  it('reports an error event sent inside the stream', async () => {
    const s = await serve([
      { text: 'hello', fault: { kind: 'error-event', message: 'model crashed' } },
    ]);
    const { error } = await run(client(s.baseURL));
    expect(error?.message).toBe(
      `Model request failed: the server sent an error — model crashed (${s.baseURL})`,
    );
  });

  it('reports a server that is not there', async () => {
    const gone = await startScriptedServer([]);
    await gone.close();
    const { error } = await run(client(gone.baseURL, { maxRetries: 1 }));
    expect(error?.message).toMatch(
      /^Model request failed: cannot connect — .*ECONNREFUSED.* \(http:\/\/127\.0\.0\.1:\d+\/v1\) after 2 attempts$/,
    );
  });
});

describe('model client abort', () => {
  it('ends a request at once mid-stream and sends nothing more', async () => {
    const s = await serve([{ text: 'x'.repeat(200), chunkSize: 1, delayMs: 20 }]);
    const controller = new AbortController();
    let deltas = 0;
    let abortedAt = 0;
    const { error, events } = await run(client(s.baseURL), {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'text_delta' && ++deltas === 3) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    expect(error?.name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(texts(events, 'text_delta').length).toBeLessThan(10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s.requests).toHaveLength(1);
  });

  it('ends the wait between retries at once', async () => {
    const s = await serve([
      { text: 'x', fault: { kind: 'status', status: 429, times: 5, retryAfterMs: 30_000 } },
    ]);
    const controller = new AbortController();
    const started = Date.now();
    const { error } = await run(client(s.baseURL), {
      signal: controller.signal,
      onEvent: (e) => e.type === 'retry' && setTimeout(() => controller.abort(), 50),
    });
    expect(error?.name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(s.requests).toHaveLength(1);
  });

  it('throws AbortError for a signal aborted before the request', async () => {
    const s = await serve([{ text: 'x' }]);
    const { error, events } = await run(client(s.baseURL), { signal: AbortSignal.abort() });
    expect(error?.name).toBe('AbortError');
    expect(events).toEqual([]);
  });
});
