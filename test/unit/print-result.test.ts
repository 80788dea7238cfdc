import { describe, expect, it } from 'vitest';
import { formatResult, type RunSummary } from '../../src/print/result';

const base: RunSummary = {
  reason: 'done',
  result: 'All done.',
  rounds: 2,
  usage: { inputTokens: 10, outputTokens: 5 },
  todos: [{ content: 'a', status: 'completed' }],
  sessionId: 's1',
  durationMs: 12,
  errors: [],
};

describe('formatResult', () => {
  it('text prints the final answer and exits 0', () => {
    expect(formatResult(base, 'text')).toEqual({ stdout: 'All done.\n', stderr: '', exitCode: 0 });
  });

  it('json carries result, usage, turns, todos and session id', () => {
    const out = formatResult(base, 'json');
    expect(JSON.parse(out.stdout)).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'All done.',
      turns: 2,
      session_id: 's1',
      usage: { input_tokens: 10, output_tokens: 5 },
      todos: [{ content: 'a', status: 'completed' }],
    });
  });

  it('errors and caps exit non-zero and say why', () => {
    expect(formatResult({ ...base, reason: 'error' }, 'text').exitCode).toBe(1);
    const capped = formatResult({ ...base, reason: 'max_turns' }, 'text');
    expect(capped.exitCode).toBe(1);
    expect(capped.stderr).toContain('--max-turns');
    expect(JSON.parse(formatResult({ ...base, reason: 'max_turns' }, 'json').stdout).subtype).toBe(
      'error_max_turns',
    );
    expect(formatResult({ ...base, reason: 'aborted' }, 'text').exitCode).toBe(130);
  });

  it('names the result subtype as Claude Code does', () => {
    const subtype = (reason: RunSummary['reason']) =>
      JSON.parse(formatResult({ ...base, reason }, 'json').stdout).subtype;
    expect(subtype('done')).toBe('success');
    expect(subtype('stopped')).toBe('success');
    expect(subtype('max_turns')).toBe('error_max_turns');
    expect(subtype('error')).toBe('error_during_execution');
    expect(subtype('aborted')).toBe('error_during_execution');
    expect(subtype('error')).not.toBe('error_error');
  });

  it.each(['json', 'stream-json'] as const)(
    '%s: a fatal error is also one line on stderr, the JSON keeps the whole text',
    (format) => {
      const fatal = 'Model request failed: 503 overloaded\n  at http://127.0.0.1:9/v1';
      const out = formatResult({ ...base, reason: 'error', errors: [fatal], fatal }, format);
      expect(out.exitCode).toBe(1);
      expect(out.stderr).toBe(
        'tick: Model request failed: 503 overloaded at http://127.0.0.1:9/v1\n',
      );
      expect(JSON.parse(out.stdout)).toMatchObject({
        subtype: 'error_during_execution',
        is_error: true,
        errors: [fatal],
      });
    },
  );

  it('a run that ends in error without a fatal event still says so on stderr', () => {
    const out = formatResult({ ...base, reason: 'error', errors: [] }, 'stream-json');
    expect(out.stderr).toBe('tick: the run failed\n');
  });

  it('a successful json run writes nothing on stderr', () => {
    expect(formatResult(base, 'json').stderr).toBe('');
    expect(formatResult(base, 'stream-json').stderr).toBe('');
  });
});
