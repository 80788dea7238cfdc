import { describe, expect, it } from 'vitest';
import { withTextCallRecovery } from '../../src/model/text-calls/recovering-client';
import {
  client,
  closeServersAfterEach,
  ofType,
  run,
  serve,
  texts,
} from '../support/model-client-harness';

/** The recovering client over real HTTP: retries, reasoning, a cut answer, structured calls. */
closeServersAfterEach();

const recovering = (baseURL: string) => withTextCallRecovery(client(baseURL));

describe('the recovering client', () => {
  it('a dropped stream is streamed again: the held text starts over, one call comes out', async () => {
    const s = await serve([
      {
        dialect: 'text-hermes',
        text: 'Listing.',
        toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }],
        chunkSize: 5,
        fault: { kind: 'drop', afterChunks: 8, times: 1 },
      },
    ]);
    const { events, turn, error } = await run(recovering(s.baseURL));
    expect(error).toBeUndefined();
    expect(ofType(events, 'retry')).toHaveLength(1);
    const afterRetry = events.slice(events.findIndex((e) => e.type === 'retry') + 1);
    expect(texts(afterRetry, 'text_delta')).toBe(turn?.content);
    expect(turn?.content).toBe('Listing.\n\n');
    expect(turn?.toolCalls.map((c) => [c.name, c.arguments, c.recovered])).toEqual([
      ['bash', '{"command":"ls"}', 'hermes'],
    ]);
    expect(ofType(events, 'tool_call_started')).toEqual([
      {
        type: 'tool_call_started',
        id: turn?.toolCalls[0].id,
        name: 'bash',
        recovered: 'hermes',
      },
    ]);
  });

  it('calls in the reasoning, with an empty answer, are recovered and leave the reasoning', async () => {
    const section =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{"command": "pwd"}<|tool_call_end|><|tool_calls_section_end|>';
    const s = await serve([{ reasoning: `Where am I? ${section}`, chunkSize: 3 }]);
    const { events, turn } = await run(recovering(s.baseURL));
    expect(turn?.toolCalls.map((c) => [c.name, c.id, c.recovered])).toEqual([
      ['bash', 'functions.bash:0', 'kimi'],
    ]);
    expect(turn?.reasoning).toBe('Where am I? ');
    expect(texts(events, 'reasoning_delta')).toBe('Where am I? ');
  });

  it('a call cut by the token limit is not run: the text stays', async () => {
    const cut =
      '<tool_call>\n{"name": "write_file", "arguments": {"path": "a.txt", "content": "half';
    const s = await serve([{ text: cut, finishReason: 'length' }]);
    const { turn, events } = await run(recovering(s.baseURL));
    expect(turn?.toolCalls).toEqual([]);
    expect(turn?.content).toBe(cut);
    expect(texts(events, 'text_delta')).toBe(cut);
  });

  it('structured calls win: text that looks like a call is shown as it is', async () => {
    const text = '<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>';
    const s = await serve([{ text, toolCalls: [{ name: 'glob', arguments: { pattern: '*' } }] }]);
    const { turn, events } = await run(recovering(s.baseURL));
    expect(turn?.toolCalls.map((c) => [c.name, c.recovered])).toEqual([['glob', undefined]]);
    expect(texts(events, 'text_delta')).toBe(text);
  });

  it('a request without tools (a summary) is passed through untouched', async () => {
    const text = '{"name": "bash", "arguments": {"command": "ls"}}';
    const s = await serve([{ text }]);
    const model = recovering(s.baseURL);
    const stream = model.stream({
      messages: [{ role: 'user', content: 'summarise' }],
      tools: [],
      signal: new AbortController().signal,
    });
    let next = await stream.next();
    while (!next.done) next = await stream.next();
    expect(next.value.toolCalls).toEqual([]);
    expect(next.value.content).toBe(text);
  });
});
