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
});
