import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import type { AgentEvent } from '../../src/protocol/events';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import type { Script } from '../../src/demo/scripted-server';
import { collect, ofType, scriptedApprove, testConfig } from '../support/agent-harness';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(script: Script) {
  server = await startScriptedServer(script);
  const { approve } = scriptedApprove([]);
  const agent = await createAgent(
    testConfig(server.baseURL, { permissionMode: 'bypassPermissions' }),
    { approve, interactive: true },
  );
  return { server, agent };
}

/** Runs a prompt, aborting (as Esc does) when `stopAt` first says so. */
async function runUntil(
  agent: Awaited<ReturnType<typeof setup>>['agent'],
  prompt: string,
  stopAt: (event: AgentEvent, seen: AgentEvent[]) => boolean,
): Promise<AgentEvent[]> {
  const controller = new AbortController();
  const events: AgentEvent[] = [];
  for await (const event of agent.run(prompt, controller.signal)) {
    events.push(event);
    if (!controller.signal.aborted && stopAt(event, events)) controller.abort();
  }
  return events;
}

type Sent = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: unknown[] };
const sent = (s: ScriptedServer, request: number): Sent[] =>
  (s.requests[request].body.messages as Sent[]).slice(1);

function expectAlternatingRoles(messages: Sent[]): void {
  const speakers = messages.map((message) =>
    message.role === 'tool' ? 'assistant' : message.role,
  );
  for (let i = 1; i < speakers.length; i++)
    expect(speakers[i] === 'user' && speakers[i - 1] === 'user', `two user messages at ${i}`).toBe(
      false,
    );
}

const LONG_ANSWER = 'Here is a long explanation of the parser. '.repeat(20);

describe('Esc in the middle of a turn', () => {
  it('keeps the partial answer as the assistant message, with a note, so roles alternate', async () => {
    const { server, agent } = await setup([
      { text: LONG_ANSWER, chunkSize: 5, delayMs: 10 },
      { text: 'Going on.' },
    ]);
    const first = await runUntil(
      agent,
      'explain the parser',
      (_, seen) => ofType(seen, 'text_delta').length === 6,
    );
    const partial = ofType(first, 'text_delta')
      .map((delta) => delta.text)
      .join('');
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(LONG_ANSWER.length);
    expect(ofType(first, 'turn_end')[0].reason).toBe('aborted');
    // The transcript, the session log and the export get the partial text as an answer.
    expect(ofType(first, 'assistant_message')).toEqual([
      { type: 'assistant_message', text: partial, reasoning: '' },
    ]);

    await collect(agent.run('go on', new AbortController().signal));
    const messages = sent(server, 1);
    expect(messages).toEqual([
      { role: 'user', content: 'explain the parser' },
      { role: 'assistant', content: `${partial}\n\n[interrupted by the user]` },
      { role: 'user', content: 'go on' },
    ]);
  });

  it('before any text arrived: the note alone answers the prompt', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server, agent } = await setup([
      { text: 'never seen', waitFor: () => held },
      { text: 'Going on.' },
    ]);
    const first = await runUntil(agent, 'explain', (event) => event.type === 'request_start');
    release();
    expect(ofType(first, 'assistant_message')).toEqual([]);
    await collect(agent.run('go on', new AbortController().signal));
    expect(sent(server, server.requests.length - 1)).toEqual([
      { role: 'user', content: 'explain' },
      { role: 'assistant', content: '[interrupted by the user]' },
      { role: 'user', content: 'go on' },
    ]);
  });

  it('right after an answer with tool calls: each call gets a cancelled result', async () => {
    const { server, agent } = await setup([
      {
        text: 'Let me look.',
        toolCalls: [
          { name: 'glob', arguments: { pattern: '*' } },
          { name: 'read_file', arguments: { path: 'x.txt' } },
        ],
      },
      { text: 'Going on.' },
    ]);
    const first = await runUntil(agent, 'look', (event) => event.type === 'assistant_message');
    expect(ofType(first, 'tool_result').map((result) => result.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    await collect(agent.run('go on', new AbortController().signal));
    const messages = sent(server, 1);
    expectAlternatingRoles(messages);
    expect(messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'user',
    ]);
    expect(messages[2].content).toBe('Error: cancelled by the user');
  });
});
