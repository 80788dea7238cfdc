import { describe, expect, test } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { reduceEvent, reduceEvents } from '../../src/store/reducer';
import { initialState } from '../../src/store/store';
import type { AppState, TranscriptItem } from '../../src/store/types';
import { sessionText } from '../../components/lines/session-text';
import { lookOf } from '../../src/tools/registry';
const PLAIN = { color: false, unicode: true };

const fresh = (): AppState => initialState({ model: 'm', mode: 'default', demo: false, cwd: '/w' });
const kinds = (state: AppState) => state.items.map((item) => item.kind);
const last = (state: AppState): TranscriptItem => state.items[state.items.length - 1];
const end = (
  reason: 'done' | 'aborted' = 'done',
  usage = { inputTokens: 0, outputTokens: 0 },
): AgentEvent => ({
  type: 'turn_end',
  reason,
  result: '',
  rounds: 1,
  usage,
});

describe('streamed text', () => {
  test('deltas build the live tail; assistant_message commits it', () => {
    let state = reduceEvents(
      fresh(),
      [
        { type: 'user_prompt', text: 'hi', source: 'user' },
        { type: 'text_delta', text: 'Hel' },
        { type: 'text_delta', text: 'lo' },
      ],
      0,
    );
    expect(state.live.text).toBe('Hello');
    expect(kinds(state)).toEqual(['banner', 'user']);
    state = reduceEvent(state, { type: 'assistant_message', text: 'Hello', reasoning: '' }, 0);
    expect(state.live.text).toBe('');
    expect(last(state)).toMatchObject({ kind: 'assistant', text: 'Hello', continued: false });
  });

  test('finished paragraphs move into the transcript while the answer streams', () => {
    let state = reduceEvents(fresh(), [{ type: 'text_delta', text: 'First para.\n\nSecond' }], 0);
    expect(last(state)).toMatchObject({
      kind: 'assistant',
      text: 'First para.\n\n',
      continued: false,
    });
    expect(state.live).toMatchObject({ text: 'Second', continued: true });
    state = reduceEvents(
      state,
      [
        { type: 'text_delta', text: ' para.' },
        { type: 'assistant_message', text: 'First para.\n\nSecond para.', reasoning: '' },
      ],
      0,
    );
    expect(last(state)).toMatchObject({ kind: 'assistant', text: 'Second para.', continued: true });
  });

  test('a batch of deltas shows the same answer as the deltas one at a time', () => {
    const answer =
      'Intro with **bold**.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n- one\n- two\n\nEnd.';
    const events: AgentEvent[] = [{ type: 'user_prompt', text: 'go', source: 'user' }];
    for (let i = 0; i < answer.length; i += 3) {
      if (i === 9) events.push({ type: 'reasoning_delta', text: 'hm' });
      events.push({ type: 'text_delta', text: answer.slice(i, i + 3) });
    }
    const batched = reduceEvents(fresh(), events, 0);
    const single = events.reduce((state, event) => reduceEvent(state, event, 0), fresh());
    const text = (state: AppState) =>
      state.items
        .map((item) => (item.kind === 'assistant' ? item.text : `<${item.kind}>`))
        .join('') + state.live.text;
    expect(text(batched)).toBe(text(single));
    expect(text(batched)).toContain('Intro with');
    expect(sessionText(batched, 60, PLAIN)).toBe(sessionText(single, 60, PLAIN));
    // One item per finished block either way (the fence's blank line never cuts it).
    const texts = (state: AppState) =>
      state.items.flatMap((item) => (item.kind === 'assistant' ? [item.text.trim()] : []));
    expect(texts(batched)).toEqual(texts(single));
    expect(texts(batched)).toContain('```ts\nconst a = 1;\n\nconst b = 2;\n```');
    expect(batched.items.filter((item) => item.kind === 'reasoning')).toHaveLength(1);
  });

  test('a code fence is never cut in the middle', () => {
    const state = reduceEvents(fresh(), [{ type: 'text_delta', text: '```js\na\n\nb\n' }], 0);
    expect(kinds(state)).toEqual(['banner']);
    expect(state.live.text).toBe('```js\na\n\nb\n');
  });

  test('reasoning is committed before the text that follows it', () => {
    const state = reduceEvents(
      fresh(),
      [
        { type: 'reasoning_delta', text: 'thinking hard' },
        { type: 'text_delta', text: 'Answer' },
        { type: 'assistant_message', text: 'Answer', reasoning: 'thinking hard' },
      ],
      0,
    );
    expect(kinds(state)).toEqual(['banner', 'reasoning', 'assistant']);
  });

  test('an answer that was not streamed comes whole from assistant_message', () => {
    const state = reduceEvents(
      fresh(),
      [
        { type: 'request_start', round: 1 },
        { type: 'assistant_message', text: 'Whole', reasoning: 'why' },
      ],
      0,
    );
    expect(kinds(state)).toEqual(['banner', 'reasoning', 'assistant']);
    expect(last(state)).toMatchObject({ text: 'Whole' });
  });
});

describe('tool cards', () => {
  test('started -> pending, ready -> its summary, running, output is live, result commits the card', () => {
    let state = reduceEvent(fresh(), { type: 'tool_call_started', id: 'a', name: 'bash' }, 100);
    expect(state.live.tools[0]).toMatchObject({ status: 'pending', summary: '' });
    state = reduceEvent(
      state,
      {
        type: 'tool_call_ready',
        id: 'a',
        name: 'bash',
        look: lookOf('bash'),
        input: { command: 'ls' },
        summary: 'ls',
      },
      150,
    );
    // Announced with the round's other calls: it waits its turn, showing what it will run.
    expect(state.live.tools[0]).toMatchObject({ status: 'pending', summary: 'ls' });
    state = reduceEvent(state, { type: 'tool_running', id: 'a', name: 'bash' }, 200);
    expect(state.live.tools[0]).toMatchObject({ status: 'running', summary: 'ls', startedAt: 200 });
    state = reduceEvents(
      state,
      [
        { type: 'tool_output', id: 'a', chunk: 'one\n' },
        { type: 'tool_output', id: 'a', chunk: 'two\n' },
      ],
      300,
    );
    expect(state.live.tools[0].output).toBe('one\ntwo\n');
    state = reduceEvent(
      state,
      {
        type: 'tool_result',
        id: 'a',
        name: 'bash',
        look: lookOf('bash'),
        status: 'ok',
        output: 'one\ntwo',
        display: { exitCode: 0 },
        durationMs: 120,
      },
      400,
    );
    expect(state.live.tools).toEqual([]);
    expect(last(state)).toMatchObject({
      kind: 'tool',
      gap: true,
      card: { status: 'ok', output: 'one\ntwo', durationMs: 120 },
    });
  });

  test('cards are committed in the order they started', () => {
    let state = reduceEvents(
      fresh(),
      [
        { type: 'tool_call_started', id: 'a', name: 'read_file' },
        { type: 'tool_call_started', id: 'b', name: 'glob' },
        {
          type: 'tool_result',
          id: 'b',
          name: 'glob',
          look: lookOf('glob'),
          status: 'ok',
          output: 'x',
          durationMs: 1,
        },
      ],
      0,
    );
    expect(kinds(state)).toEqual(['banner']);
    state = reduceEvent(
      state,
      {
        type: 'tool_result',
        id: 'a',
        name: 'read_file',
        look: lookOf('read_file'),
        status: 'ok',
        output: 'y',
        durationMs: 1,
      },
      0,
    );
    expect(
      state.items.slice(1).map((item) => (item.kind === 'tool' ? [item.card.id, item.gap] : null)),
    ).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  test('an approval marks the card as asking; allow starts its clock, deny records who', () => {
    const request = {
      callId: 'a',
      toolName: 'bash',
      look: lookOf('bash'),
      subject: 'rm -rf build',
      reason: 'deletes files',
    };
    let state = reduceEvents(
      fresh(),
      [
        {
          type: 'tool_call_ready',
          id: 'a',
          name: 'bash',
          look: lookOf('bash'),
          input: {},
          summary: 'rm -rf build',
        },
        { type: 'permission_asked', request },
      ],
      10,
    );
    expect(state.live.tools[0].status).toBe('asking');
    // The decision to ask changes nothing the card shows: the question does.
    const asked = reduceEvent(
      state,
      { type: 'permission_decided', callId: 'a', decision: 'ask', by: 'mode default' },
      100,
    );
    expect(asked).toBe(state);
    const allowed = reduceEvent(
      state,
      { type: 'permission_decided', callId: 'a', decision: 'allow', by: 'user', confined: true },
      5000,
    );
    expect(allowed.live.tools[0]).toMatchObject({
      status: 'running',
      startedAt: 5000,
      decidedBy: 'user',
      confined: true,
    });
    state = reduceEvents(
      state,
      [
        { type: 'permission_decided', callId: 'a', decision: 'deny', by: 'user', note: 'no' },
        {
          type: 'tool_result',
          id: 'a',
          name: 'bash',
          look: lookOf('bash'),
          status: 'denied',
          output: 'denied',
          durationMs: 0,
        },
      ],
      20,
    );
    expect(last(state)).toMatchObject({
      kind: 'tool',
      card: { status: 'denied', decidedBy: 'user', note: 'no' },
    });
  });

  test('an interrupted turn marks running cards cancelled and says so', () => {
    const state = reduceEvents(
      fresh(),
      [
        {
          type: 'tool_call_ready',
          id: 'a',
          name: 'bash',
          look: lookOf('bash'),
          input: {},
          summary: 'sleep 9',
        },
        end('aborted'),
      ],
      0,
    );
    expect(kinds(state)).toEqual(['banner', 'tool', 'info']);
    expect(state.items[1]).toMatchObject({ card: { status: 'cancelled' } });
    expect(last(state)).toMatchObject({ text: 'Interrupted.', tone: 'warning' });
    expect(state.live.tools).toEqual([]);
  });
});

describe('todos, usage and notices', () => {
  test('an in-progress item keeps its start time across updates', () => {
    const a = { content: 'A', status: 'in_progress' as const };
    const b = { content: 'B', status: 'pending' as const };
    let state = reduceEvent(fresh(), { type: 'todos_updated', todos: [a, b] }, 1000);
    expect(state.todoStartedAt).toEqual({ A: 1000 });
    state = reduceEvent(state, { type: 'todos_updated', todos: [a, b] }, 2000);
    expect(state.todoStartedAt).toEqual({ A: 1000 });
    state = reduceEvent(
      state,
      {
        type: 'todos_updated',
        todos: [
          { ...a, status: 'completed' },
          { ...b, status: 'in_progress' },
        ],
      },
      3000,
    );
    expect(state.todoStartedAt).toEqual({ B: 3000 });
    expect(state.todos.map((todo) => todo.status)).toEqual(['completed', 'in_progress']);
  });

  test('usage adds up; turn_end fills in what usage events did not report', () => {
    let state = reduceEvents(
      fresh(),
      [{ type: 'usage', usage: { inputTokens: 100, outputTokens: 10 } }],
      0,
    );
    state = reduceEvent(state, end('done', { inputTokens: 100, outputTokens: 10 }), 0);
    expect(state.usage).toEqual({ inputTokens: 100, outputTokens: 10 });
    state = reduceEvent(state, end('done', { inputTokens: 50, outputTokens: 5 }), 0);
    expect(state.usage).toEqual({ inputTokens: 150, outputTokens: 15 });
  });

  test('errors, reminders and hook context become transcript lines', () => {
    const state = reduceEvents(
      fresh(),
      [
        { type: 'error', message: 'model crashed', fatal: true },
        { type: 'reminder_injected', text: '<reminder>Update your todos.</reminder>' },
        { type: 'hook_context', text: 'branch: main' },
      ],
      0,
    );
    expect(
      state.items.slice(1).map((item) => (item.kind === 'info' ? [item.tone, item.text] : null)),
    ).toEqual([
      ['error', 'Error: model crashed'],
      ['dim', 'Reminded the model to update its todo list.'],
      ['dim', 'hook context: branch: main'],
    ]);
  });

  test('a retry is one state the status line shows, replaced by the next, ended by the next attempt', () => {
    const start = fresh();
    let state = reduceEvents(
      start,
      [
        { type: 'retry', attempt: 1, delayMs: 1000, reason: 'HTTP 503' },
        { type: 'retry', attempt: 2, delayMs: 2000, reason: 'HTTP 503' },
        { type: 'usage', usage: { inputTokens: 0, outputTokens: 0 } },
      ],
      5_000,
    );
    expect(state.items).toEqual(start.items);
    expect(state.retry).toEqual({ attempt: 2, until: 7_000, reason: 'HTTP 503' });
    state = reduceEvent(state, { type: 'request_start', round: 1 }, 7_000);
    expect(state.retry).toBeNull();
  });

  test('a turn that stopped at max turns says so', () => {
    const state = reduceEvent(
      fresh(),
      {
        type: 'turn_end',
        reason: 'max_turns',
        result: '',
        rounds: 5,
        usage: { inputTokens: 0, outputTokens: 0 },
      },
      0,
    );
    expect(last(state)).toMatchObject({
      kind: 'info',
      text: 'Stopped after 5 model requests (max turns).',
    });
  });
});

describe('a retried model request', () => {
  test('drops the partial answer and pending cards of the failed attempt', () => {
    let state = reduceEvents(
      fresh(),
      [
        { type: 'user_prompt', text: 'hi', source: 'user' },
        { type: 'text_delta', text: 'Partial ans' },
        { type: 'reasoning_delta', text: 'thinking' },
        { type: 'tool_call_started', id: 'c1', name: 'bash' },
        { type: 'retry', attempt: 1, delayMs: 500, reason: 'connection dropped' },
      ],
      0,
    );
    expect(state.live.text).toBe('');
    expect(state.live.reasoning).toBe('');
    expect(state.live.tools).toEqual([]);
    // The retry is on the status line, not a transcript line: the prompt is still the last.
    expect(last(state)).toMatchObject({ kind: 'user', text: 'hi' });
    expect(state.retry).toMatchObject({ attempt: 1, reason: 'connection dropped' });
    state = reduceEvents(state, [{ type: 'text_delta', text: 'Whole answer' }], 0);
    expect(state.live.text).toBe('Whole answer');
    expect(state.retry).toBeNull();
  });
});

describe('the context', () => {
  test('context_usage feeds the status figure; a compaction is one transcript line and the new size', () => {
    let state = reduceEvent(fresh(), { type: 'context_usage', tokens: 12_000, window: 16_000 }, 0);
    expect(state.context).toEqual({ tokens: 12_000, window: 16_000 });
    state = reduceEvent(state, { type: 'user_prompt', text: 'go on', source: 'user' }, 0);
    state = reduceEvent(
      state,
      {
        type: 'context_compacted',
        trigger: 'auto',
        tokensBefore: 84_000,
        tokensAfter: 9_000,
        planKept: true,
        window: 128_000,
      },
      0,
    );
    expect(state.context).toEqual({ tokens: 9_000, window: 128_000 });
    expect(kinds(state)).toEqual(['banner', 'user', 'compaction']);
    // The earlier transcript stays above the line.
    expect(sessionText(state, 80, PLAIN)).toMatch(
      /go on[\s\S]*Context compacted: 84k -> 9k tokens, plan kept/,
    );
    state = reduceEvent(state, { type: 'context_usage', tokens: 400 }, 0);
    expect(state.context).toEqual({ tokens: 400 });
  });
});
