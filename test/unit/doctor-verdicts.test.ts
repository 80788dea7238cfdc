import { describe, expect, test } from 'vitest';
import { judge } from '../../src/model/doctor/verdicts';
import { oneLine, reportLines } from '../../src/model/doctor/report-text';
import { closeNames } from '../../src/model/doctor/model-names';
import type { ChatAnswer } from '../../src/model/doctor/http-probe';
import type { Findings } from '../../src/model/doctor/types';
import type { AssistantTurn } from '../../src/model/types';

/** The doctor's judgement of what it found: one line per check, each fault with what to do. */
function turn(fields: Partial<AssistantTurn>): AssistantTurn {
  return { content: '', reasoning: '', toolCalls: [], ...fields };
}

function answer(fields: Partial<ChatAnswer>): ChatAnswer {
  return {
    unreachable: false,
    streamed: true,
    chunks: 5,
    totalMs: 800,
    firstTokenMs: 120,
    timedOut: false,
    ...fields,
  };
}

const BASE: Findings = {
  baseURL: 'http://localhost:11434/v1',
  model: 'qwen3:8b',
  models: { status: 200, json: {}, unreachable: false, ms: 7 },
  server: 'Ollama',
  listed: ['qwen3:8b'],
  plain: answer({ turn: turn({ content: 'ready', reasoning: 'ok', reasoningField: 'reasoning' }) }),
  tools: answer({
    turn: turn({
      toolCalls: [{ id: 'c', name: 'tick_doctor_ping', arguments: '{"value":"ready"}' }],
    }),
  }),
  window: {
    window: 32_768,
    loaded: true,
    from: 'Ollama /api/ps (the loaded model)',
    cutsPrompts: true,
  },
  recoverToolCalls: true,
  timeoutMs: 60_000,
};

const lineOf = (findings: Findings, check: string) =>
  judge(findings).lines.find((line) => line.check === check);

describe('the doctor judges', () => {
  test('a healthy Ollama: every line passes', () => {
    const report = judge(BASE);
    expect(report.works).toBe(true);
    expect(reportLines(report, true)).toEqual([
      'tick doctor: http://localhost:11434/v1, model qwen3:8b',
      '  ✓  server      Ollama answers at http://localhost:11434/v1 (7 ms)',
      "  ✓  model       'qwen3:8b' is on the server",
      '  ✓  streaming   works (5 chunks)',
      '  ✓  tool calls  structured (tick_doctor_ping {"value":"ready"})',
      '  ✓  reasoning   `reasoning` seen (shown dimmed)',
      '  ✓  window      32,768 tokens, from Ollama /api/ps (the loaded model)',
      '  ✓  speed       first token 120 ms, round trip 800 ms',
      'tick can work with this server.',
    ]);
  });

  test('in ASCII when the locale is not UTF-8', () => {
    const report = judge({
      ...BASE,
      models: { error: 'connection refused', unreachable: true, ms: 1 },
    });
    const lines = reportLines(report, false);
    expect(lines[1]).toMatch(/^ {2}XX server {6}nothing answers/);
    expect(lines[2]).toBe('  -- model       not checked (no server)');
    expect(lines.at(-1)).toBe('tick cannot work with this server yet: fix the lines marked XX.');
  });

  test('a refused key: what to set', () => {
    const report = judge({
      ...BASE,
      models: { status: 401, error: 'Invalid API key', unreachable: false, ms: 3 },
    });
    expect(report.works).toBe(false);
    expect(oneLine(report)).toBe(
      'tick doctor: server: the server refused the API key (401: Invalid API key) — set OPENAI_API_KEY',
    );
  });

  test('<think> tags in the answer: the server does not split reasoning', () => {
    const findings = {
      ...BASE,
      plain: answer({ turn: turn({ content: '<think>hm</think>ready' }) }),
    };
    expect(lineOf(findings, 'reasoning')).toMatchObject({ verdict: 'warn' });
  });

  test('a vLLM server without its tool parser: the flag to start it with', () => {
    const text =
      '<tool_call>\n{"name": "tick_doctor_ping", "arguments": {"value": "ready"}}\n</tool_call>';
    const line = lineOf(
      { ...BASE, server: 'vLLM', tools: answer({ turn: turn({ content: text }) }) },
      'tool calls',
    );
    expect(line).toEqual({
      check: 'tool calls',
      verdict: 'warn',
      text: 'written as text (hermes): tick recovers them',
      fix: 'better: start vLLM with --enable-auto-tool-choice --tool-call-parser (the parser for this model)',
    });
  });

  test('a model that does not support tools: the request fails', () => {
    const tools = answer({
      status: 400,
      error: 'registry.ollama.ai/library/gemma:2b does not support tools',
      streamed: false,
    });
    expect(lineOf({ ...BASE, tools }, 'tool calls')).toMatchObject({
      verdict: 'fail',
      text: 'the request with a tool failed (400: registry.ollama.ai/library/gemma:2b does not support tools)',
    });
  });

  test('a configured window bigger than what Ollama loaded', () => {
    const findings = {
      ...BASE,
      configuredWindow: 32_768,
      window: { ...BASE.window!, window: 4096 },
    };
    expect(lineOf(findings, 'window')).toMatchObject({
      verdict: 'warn',
      fix: 'the server is cutting prompts at 4,096 tokens; set num_ctx / OLLAMA_CONTEXT_LENGTH, or TICK_CONTEXT_WINDOW',
    });
  });

  test('no answer in time', () => {
    const plain = answer({ timedOut: true, chunks: 0, turn: undefined });
    expect(lineOf({ ...BASE, plain, tools: undefined }, 'streaming')).toMatchObject({
      verdict: 'fail',
      text: 'no answer within 60 s',
    });
  });
});

describe('close model names', () => {
  test('the same family first, then a typo away; unrelated names never', () => {
    expect(closeNames('qwen3', ['llama3.2:3b', 'qwen3:14b', 'qwen3:8b', 'mistral:7b'])).toEqual([
      'qwen3:14b',
      'qwen3:8b',
    ]);
    expect(closeNames('lama3.2', ['llama3.2:3b', 'phi4:14b'])).toEqual(['llama3.2:3b']);
    expect(closeNames('gpt-4o', ['qwen3:8b', 'phi4:14b'])).toEqual([]);
  });
});
