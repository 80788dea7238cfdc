import { describe, expect, it } from 'vitest';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { completionToChunk, createTurnAssembler } from '../../src/model/assemble';

/** A chunk as a server sends it; servers break the SDK's types, hence the cast. */
function chunk(
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
): ChatCompletionChunk {
  return {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  } as unknown as ChatCompletionChunk;
}

function run(chunks: ChatCompletionChunk[]) {
  const assembler = createTurnAssembler();
  const events = chunks.flatMap((c) => assembler.push(c));
  return { events, turn: assembler.finish(), finished: assembler.finished };
}

describe('createTurnAssembler', () => {
  it('assembles OpenAI-style fragments of two parallel calls and the text', () => {
    const { events, turn } = run([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Let me ' }),
      chunk({ content: 'look.' }),
      chunk({
        tool_calls: [
          { index: 0, id: 'a', type: 'function', function: { name: 'glob', arguments: '' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"pat' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'tern":"*"}' } }] }),
      chunk({
        tool_calls: [
          {
            index: 1,
            id: 'b',
            type: 'function',
            function: { name: 'bash', arguments: '{"command":' },
          },
        ],
      }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '"ls"}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(turn.content).toBe('Let me look.');
    expect(turn.toolCalls).toEqual([
      { id: 'a', name: 'glob', arguments: '{"pattern":"*"}' },
      { id: 'b', name: 'bash', arguments: '{"command":"ls"}' },
    ]);
    expect(turn.finishReason).toBe('tool_calls');
    expect(events).toEqual([
      { type: 'text_delta', text: 'Let me ' },
      { type: 'text_delta', text: 'look.' },
      { type: 'tool_call_started', id: 'a', name: 'glob' },
      { type: 'tool_call_started', id: 'b', name: 'bash' },
    ]);
  });

  it('routes deltas without index by new id, then to the only open call', () => {
    const { turn } = run([
      chunk({ tool_calls: [{ id: 'x1', function: { name: 'read_file', arguments: '{"path":' } }] }),
      chunk({ tool_calls: [{ function: { arguments: '"a.txt"}' } }] }),
      chunk({ tool_calls: [{ id: 'x2', function: { name: 'read_file', arguments: '{"path":' } }] }),
      chunk({ tool_calls: [{ function: { arguments: '"b.txt"}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'x1', name: 'read_file', arguments: '{"path":"a.txt"}' },
      { id: 'x2', name: 'read_file', arguments: '{"path":"b.txt"}' },
    ]);
  });

  it('routes several index-less deltas in one chunk by their position', () => {
    const { turn } = run([
      chunk({
        tool_calls: [
          { function: { name: 'glob', arguments: '{"pattern":' } },
          { function: { name: 'bash', arguments: '{"command":' } },
        ],
      }),
      chunk({
        tool_calls: [{ function: { arguments: '"*"}' } }, { function: { arguments: '"ls"}' } }],
      }),
    ]);
    expect(turn.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['glob', '{"pattern":"*"}'],
      ['bash', '{"command":"ls"}'],
    ]);
  });

  it('tells whole index-less, id-less calls apart by name and by completed arguments', () => {
    const { turn } = run([
      chunk({ tool_calls: [{ function: { name: 'glob', arguments: '{"pattern":"a"}' } }] }),
      chunk({ tool_calls: [{ function: { name: 'glob', arguments: '{"pattern":"b"}' } }] }),
      chunk({ tool_calls: [{ function: { name: 'bash', arguments: '{"command":"ls"}' } }] }),
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'call_1', name: 'glob', arguments: '{"pattern":"a"}' },
      { id: 'call_2', name: 'glob', arguments: '{"pattern":"b"}' },
      { id: 'call_3', name: 'bash', arguments: '{"command":"ls"}' },
    ]);
  });

  it('accepts whole arguments on the same chunk as finish_reason', () => {
    const { turn, finished } = run([
      chunk({ content: '' }),
      chunk(
        {
          tool_calls: [
            {
              index: 0,
              id: 'w',
              type: 'function',
              function: { name: 'bash', arguments: '{"command":"pwd"}' },
            },
          ],
        },
        'tool_calls',
      ),
    ]);
    expect(finished).toBe(true);
    expect(turn.toolCalls).toEqual([{ id: 'w', name: 'bash', arguments: '{"command":"pwd"}' }]);
  });

  it('never concatenates repeated names and ignores empty later names', () => {
    const repeated = run([
      chunk({
        tool_calls: [{ index: 0, id: 'r', function: { name: 'bash', arguments: '{"comm' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'bash', arguments: 'and":"ls"}' } }] }),
    ]);
    expect(repeated.turn.toolCalls).toEqual([
      { id: 'r', name: 'bash', arguments: '{"command":"ls"}' },
    ]);
    expect(repeated.events.filter((e) => e.type === 'tool_call_started')).toHaveLength(1);

    const empty = run([
      chunk({ tool_calls: [{ index: 0, id: 'e', function: { name: 'glob', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: '', arguments: '{"pattern":"*"}' } }] }),
    ]);
    expect(empty.turn.toolCalls).toEqual([{ id: 'e', name: 'glob', arguments: '{"pattern":"*"}' }]);
  });

  it("splits litellm's index 0 for every parallel call by their distinct ids", () => {
    const { turn } = run([
      chunk({ tool_calls: [{ index: 0, id: 'l1', function: { name: 'glob', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"pattern":"*.ts"}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'l2', function: { name: 'glob', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"pattern":"*.md"}' } }] }),
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'l1', name: 'glob', arguments: '{"pattern":"*.ts"}' },
      { id: 'l2', name: 'glob', arguments: '{"pattern":"*.md"}' },
    ]);
  });

  it('keeps tool calls whatever finish_reason says, or when it is missing', () => {
    const call = chunk({
      tool_calls: [{ index: 0, id: 's', function: { name: 'bash', arguments: '{}' } }],
    });
    const stop = run([call, chunk({}, 'stop')]);
    expect(stop.turn.toolCalls).toHaveLength(1);
    expect(stop.turn.finishReason).toBe('stop');
    const missing = run([call]);
    expect(missing.finished).toBe(false);
    expect(missing.turn.toolCalls).toEqual([{ id: 's', name: 'bash', arguments: '{}' }]);
    expect(missing.turn.finishReason).toBeUndefined();
  });

  it('synthesizes call_<n> ids and keeps the announced id when a real id comes late', () => {
    const { events, turn } = run([
      chunk({ tool_calls: [{ index: 0, function: { name: 'bash', arguments: '' } }] }),
      chunk({
        tool_calls: [{ index: 0, id: 'late', function: { arguments: '{"command":"ls"}' } }],
      }),
      chunk({
        tool_calls: [{ index: 1, function: { name: 'glob', arguments: '{"pattern":"*"}' } }],
      }),
    ]);
    expect(events).toEqual([
      { type: 'tool_call_started', id: 'call_1', name: 'bash' },
      { type: 'tool_call_started', id: 'call_2', name: 'glob' },
    ]);
    expect(turn.toolCalls.map((c) => c.id)).toEqual(['call_1', 'call_2']);
  });

  it('turns empty arguments into {} and object arguments into JSON text', () => {
    const { turn } = run([
      chunk({ tool_calls: [{ index: 0, id: 'n', function: { name: 'glob', arguments: '' } }] }),
      chunk({
        tool_calls: [
          { index: 1, id: 'o', function: { name: 'bash', arguments: { command: 'ls' } } },
        ],
      }),
    ]);
    expect(turn.toolCalls.map((c) => c.arguments)).toEqual(['{}', '{"command":"ls"}']);
  });

  it('reads usage from a final chunk with choices: [] and keeps the last of many', () => {
    const final = run([
      chunk({ content: 'hi' }, 'stop'),
      {
        ...chunk({}),
        choices: [],
        usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
      },
    ]);
    expect(final.turn.usage).toEqual({ inputTokens: 12, outputTokens: 3 });
    expect(final.turn.content).toBe('hi');

    const every = run([
      chunk({ content: 'a' }, null, { usage: { prompt_tokens: 5, completion_tokens: 1 } }),
      chunk({ content: 'b' }, null, { usage: { prompt_tokens: 5, completion_tokens: 2 } }),
      chunk({}, 'stop', { usage: null }),
    ]);
    expect(every.turn.usage).toEqual({ inputTokens: 5, outputTokens: 2 });
  });

  it('keeps reasoning apart from content and records which field carried it', () => {
    const deepseek = run([
      chunk({ role: 'assistant', content: null, reasoning_content: 'Think ' }),
      chunk({ content: null, reasoning_content: 'hard.' }),
      chunk({ content: 'Answer', reasoning_content: null }),
    ]);
    expect(deepseek.turn).toMatchObject({
      content: 'Answer',
      reasoning: 'Think hard.',
      reasoningField: 'reasoning_content',
    });
    expect(deepseek.events).toEqual([
      { type: 'reasoning_delta', text: 'Think ' },
      { type: 'reasoning_delta', text: 'hard.' },
      { type: 'text_delta', text: 'Answer' },
    ]);

    const vllm = run([chunk({ reasoning: 'hmm' }), chunk({ content: 'ok' })]);
    expect(vllm.turn).toMatchObject({
      content: 'ok',
      reasoning: 'hmm',
      reasoningField: 'reasoning',
    });

    const none = run([chunk({ content: 'plain' })]);
    expect(none.turn.reasoningField).toBeUndefined();
  });

  it('emits no events for role and empty content repeated on every chunk', () => {
    const { events, turn } = run([
      chunk({ role: 'assistant', content: '' }),
      chunk({ role: 'assistant', content: 'x' }),
      chunk({ role: 'assistant', content: '' }, 'stop'),
    ]);
    expect(events).toEqual([{ type: 'text_delta', text: 'x' }]);
    expect(turn.content).toBe('x');
  });

  it('converts a whole (non-streamed) completion into one equivalent chunk', () => {
    const completion = {
      id: 'x',
      object: 'chat.completion',
      created: 0,
      model: 'm',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          logprobs: null,
          message: {
            role: 'assistant',
            content: 'Sure.',
            refusal: null,
            reasoning_content: 'why',
            tool_calls: [
              {
                id: 'k',
                type: 'function',
                function: { name: 'bash', arguments: '{"command":"ls"}' },
              },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 },
    } as unknown as ChatCompletion;
    expect(run([completionToChunk(completion)]).turn).toEqual({
      content: 'Sure.',
      reasoning: 'why',
      reasoningField: 'reasoning_content',
      toolCalls: [{ id: 'k', name: 'bash', arguments: '{"command":"ls"}' }],
      usage: { inputTokens: 4, outputTokens: 6 },
      finishReason: 'tool_calls',
    });
  });
});
