import { describe, expect, it } from 'vitest';
import { isLocalBaseURL, resolveApiKey } from '../../src/model/api-key';
import { normalizeErrorBody } from '../../src/model/error-body-fetch';
import { MAX_SERVER_DELAY_MS, backoffDelay, serverRetryDelay } from '../../src/model/retry';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('backoffDelay', () => {
  it('doubles from the base, caps at 8 s and jitters down by at most 25 %', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, 500, () => 0))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(10, 500, () => 0)).toBe(8000);
    expect(backoffDelay(1, 1000, () => 1)).toBe(750);
    const samples = Array.from({ length: 50 }, () => backoffDelay(2, 400));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(600);
    expect(Math.max(...samples)).toBeLessThanOrEqual(800);
  });
});

describe('serverRetryDelay', () => {
  it('prefers retry-after-ms, then retry-after seconds or date', () => {
    expect(serverRetryDelay(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(serverRetryDelay(headers({ 'retry-after': '2' }))).toBe(2000);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(serverRetryDelay(headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:05 GMT' }), now)).toBe(
      5000,
    );
    expect(serverRetryDelay(headers({}))).toBeUndefined();
    expect(serverRetryDelay(headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });

  it('caps what the server asks for at 60 s and never goes negative', () => {
    expect(serverRetryDelay(headers({ 'retry-after': '3600' }))).toBe(MAX_SERVER_DELAY_MS);
    expect(MAX_SERVER_DELAY_MS).toBe(60_000);
    const now = Date.parse('2030-01-01T00:00:10Z');
    expect(serverRetryDelay(headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:05 GMT' }), now)).toBe(
      0,
    );
  });
});

describe('resolveApiKey', () => {
  it('uses the given key, trimmed', () => {
    expect(resolveApiKey('https://api.openai.com/v1', ' sk-1 ')).toEqual({ apiKey: 'sk-1' });
  });

  it('gives local servers a placeholder key', () => {
    for (const url of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:1234/v1',
      'http://[::1]:8000/v1',
      'http://0.0.0.0:8080/v1',
    ]) {
      expect(isLocalBaseURL(url)).toBe(true);
      expect(resolveApiKey(url, undefined)).toEqual({ apiKey: 'local' });
    }
  });

  it('explains a missing key for a remote server in one line', () => {
    const result = resolveApiKey('https://api.deepseek.com/v1', '');
    expect(result).toEqual({ error: expect.stringContaining('OPENAI_API_KEY is not set') });
    expect('error' in result && result.error).toContain('https://api.deepseek.com/v1');
    expect(resolveApiKey(undefined, undefined)).toEqual({
      error: expect.stringContaining('https://api.openai.com/v1'),
    });
    expect(isLocalBaseURL('https://localhost.example.com/v1')).toBe(false);
  });
});

describe('normalizeErrorBody', () => {
  it("moves vLLM's and FastAPI's messages to where the SDK reads them", () => {
    const vllm = JSON.parse(
      normalizeErrorBody(
        '{"object":"error","message":"tool_choice auto needs --enable-auto-tool-choice","code":400}',
      ),
    );
    expect(vllm.error.message).toBe('tool_choice auto needs --enable-auto-tool-choice');
    expect(JSON.parse(normalizeErrorBody('{"detail":"Not Found"}')).error.message).toBe(
      'Not Found',
    );
  });

  it('leaves OpenAI-shaped and non-JSON bodies alone', () => {
    expect(normalizeErrorBody('{"error":{"message":"x"}}')).toBe('{"error":{"message":"x"}}');
    expect(normalizeErrorBody('{"error":"model not found"}')).toBe('{"error":"model not found"}');
    expect(normalizeErrorBody('<html>502</html>')).toBe('<html>502</html>');
  });
});
