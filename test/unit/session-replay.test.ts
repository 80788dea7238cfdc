import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { RecordedRequest, ScriptedTurn } from '../../src/demo/script-types';
import { SESSION_FORMAT_VERSION } from '../../src/session/format';
import { createReplayDriver, prepareReplay } from '../../src/session/replay';
import { SessionWriter } from '../../src/session/writer';
import { tempDir } from '../support/agent-harness';
import { lookOf } from '../../src/tools/registry';

/** Two prompts; the first was interrupted after one tool round, the second ran to the end. */
function record(): string {
  const file = join(tempDir('tick-replay-'), 'rep-0001.jsonl');
  const writer = SessionWriter.create(file, {
    v: SESSION_FORMAT_VERSION,
    kind: 'header',
    id: 'rep-0001',
    cwd: '/w',
    startedAt: new Date().toISOString(),
    model: 'scripted',
  });
  writer.event({ type: 'user_prompt', text: 'make a file', source: 'user' });
  writer.message({ role: 'user', content: 'make a file' });
  writer.message({
    role: 'assistant',
    content: 'Writing it.',
    tool_calls: [
      {
        id: 'w1',
        type: 'function',
        function: { name: 'write_file', arguments: '{"path":"a.txt","content":"A"}' },
      },
      {
        id: 'b1',
        type: 'function',
        function: { name: 'bash', arguments: '{"command":"rm -rf build"}' },
      },
    ],
  });
  writer.event({ type: 'assistant_message', text: 'Writing it.', reasoning: 'think first' });
  writer.event({ type: 'permission_decided', callId: 'w1', decision: 'allow', by: 'user' });
  writer.event({
    type: 'tool_result',
    id: 'w1',
    name: 'write_file',
    look: lookOf('write_file'),
    status: 'ok',
    output: 'ok',
    durationMs: 1,
  });
  writer.event({
    type: 'permission_decided',
    callId: 'b1',
    decision: 'deny',
    by: 'user',
    note: 'not that',
  });
  writer.event({
    type: 'tool_result',
    id: 'b1',
    name: 'bash',
    look: lookOf('bash'),
    status: 'denied',
    output: 'Error: denied',
    durationMs: 0,
  });
  // Killed here; the user resumed with a new prompt.
  writer.event({ type: 'user_prompt', text: 'go on', source: 'user' });
  writer.message({ role: 'user', content: 'go on' });
  writer.message({ role: 'assistant', content: 'All done.' });
  writer.event({ type: 'assistant_message', text: 'All done.', reasoning: '' });
  writer.close();
  return file;
}

/** A request of the loop: it offers tools (a summarising request does not). */
const request = { body: { tools: [] } } as unknown as RecordedRequest;

describe('prepareReplay', () => {
  it('takes the prompts and the recorded answers, with tool calls, ids and reasoning', async () => {
    const prepared = await prepareReplay(record());
    expect(prepared.prompts).toEqual(['make a file', 'go on']);
    const first: ScriptedTurn = {
      text: 'Writing it.',
      reasoning: 'think first',
      toolCalls: [
        { name: 'write_file', arguments: '{"path":"a.txt","content":"A"}', id: 'w1' },
        { name: 'bash', arguments: '{"command":"rm -rf build"}', id: 'b1' },
      ],
    };
    expect(prepared.script).toEqual([first, { text: 'All done.' }]);
    expect(prepared.turns).toEqual([[first], [{ text: 'All done.' }]]);
  });

  it('serves each prompt only its own answers, ending an interrupted one with an empty answer', async () => {
    const driver = createReplayDriver(await prepareReplay(record()));
    const serve = driver.script as (request: RecordedRequest, index: number) => ScriptedTurn;
    driver.startPrompt(0);
    // A compaction's summarising request gets a stand-in and uses up no recorded answer.
    const summarising = { body: { messages: [] } } as unknown as RecordedRequest;
    expect(serve(summarising, 0).text).toMatch(/^Summary: /);
    expect(serve(request, 0).text).toBe('Writing it.');
    expect(serve(request, 1)).toEqual({ text: '' });
    driver.startPrompt(1);
    expect(serve(request, 2)).toEqual({ text: 'All done.' });
  });

  it('approves what the recording allowed and denies what it denied or never saw', async () => {
    const driver = createReplayDriver(await prepareReplay(record()));
    const signal = new AbortController().signal;
    const ask = (callId: string) =>
      driver.approve(
        { callId, toolName: 'bash', look: lookOf('bash'), subject: 'x', reason: 'r' },
        signal,
      );
    driver.startPrompt(0);
    expect(await ask('w1')).toEqual({ decision: 'allow_once' });
    expect(await ask('b1')).toEqual({ decision: 'deny', note: 'not that' });
    expect(await ask('zz')).toEqual({
      decision: 'deny',
      note: 'this call was not approved in the recording',
    });
    driver.startPrompt(1);
    expect((await ask('w1')).decision).toBe('deny');
  });
});
