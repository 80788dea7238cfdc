import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import type { AgentEvent } from '../../src/protocol/events';
import type { Config } from '../../src/config/types';
import { AGENTS_DEFAULTS } from '../../src/config/types';
import {
  startScriptedServer,
  type RecordedRequest,
  type Script,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import type { ChatMessage } from '../../src/model/types';
import type { ApprovalDecision } from '../../src/protocol/approval';
import { ofType, scriptedApprove, testConfig } from '../support/agent-harness';
import { livePidsRunning, uniqueSleepSeconds, waitFor } from './tool-helpers';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(
  script: Script,
  overrides: Partial<Config> = {},
  answers: ApprovalDecision[] = [],
) {
  server = await startScriptedServer(script);
  const config = testConfig(server.baseURL, overrides);
  const { approve, asked } = scriptedApprove(answers);
  const messages: { agentId: string; parentCallId: string; message: ChatMessage }[] = [];
  const agent = await createAgent(config, {
    approve,
    interactive: true,
    onSubagentMessage: (agentId, parentCallId, message) =>
      messages.push({ agentId, parentCallId, message }),
  });
  return { server, config, agent, asked, sideChain: messages };
}

/** Every event with the time it arrived. */
async function timed(events: AsyncIterable<AgentEvent>) {
  const all: { at: number; event: AgentEvent }[] = [];
  for await (const event of events) all.push({ at: Date.now(), event });
  return all;
}

const agentCall = (id: string, description: string, prompt: string) => ({
  id,
  name: 'agent',
  arguments: { description, prompt },
});
const bash = (command: string) => ({ name: 'bash', arguments: { command } });
const todos = (...items: [string, 'pending' | 'in_progress' | 'completed'][]) => ({
  name: 'todo_write',
  arguments: {
    todos: items.map(([content, status]) => ({ content, status, activeForm: `${content}ing` })),
  },
});

/** The requests of one conversation, told apart by their first user message. */
const requestsOf = (s: ScriptedServer, prompt: string): RecordedRequest[] =>
  s.requests.filter(
    (r) => (r.body.messages as ChatMessage[]).find((m) => m.role === 'user')?.content === prompt,
  );
const toolNames = (r: RecordedRequest): string[] =>
  (r.body.tools as { function: { name: string } }[]).map((t) => t.function.name);

const PARENT_PROMPT = 'Survey the repo: the parent conversation says SECRET-PARENT-WORD';
const PROMPT_A = 'CHILD-A: list the files in src and report how many';
const PROMPT_B = 'CHILD-B: find the version in package.json';

/** A parent with a plan that sends two children at once; each child plans and runs bash. */
function twoChildren(sleep = '0.4'): Script {
  const childA: ScriptedTurn[] = [
    { toolCalls: [todos(['List files', 'in_progress'], ['Count them', 'pending'])] },
    { toolCalls: [bash(`sleep ${sleep}; echo CHILD-A-TOOL-OUTPUT`)] },
    { toolCalls: [todos(['List files', 'completed'], ['Count them', 'completed'])] },
    { text: 'src holds 3 files' },
  ];
  const childB: ScriptedTurn[] = [
    { toolCalls: [bash(`sleep ${sleep}; echo CHILD-B-TOOL-OUTPUT`)] },
    { text: 'version is 1.2.3' },
  ];
  return {
    main: [
      {
        text: 'Planning first.',
        toolCalls: [todos(['Survey', 'in_progress'], ['Report', 'pending'])],
      },
      {
        toolCalls: [
          agentCall('call_a', 'Count src files', PROMPT_A),
          agentCall('call_b', 'Find version', PROMPT_B),
        ],
      },
      { text: 'The survey is done.' },
    ],
    conversations: { [PROMPT_A]: childA, [PROMPT_B]: childB },
  };
}

describe('the agent tool', () => {
  it('runs each child with a fresh context and no agent tool; the parent gets only final texts', async () => {
    const { server, agent, sideChain } = await setup(twoChildren());
    const events = (await timed(agent.run(PARENT_PROMPT, new AbortController().signal))).map(
      (e) => e.event,
    );
    expect(ofType(events, 'turn_end')[0]).toMatchObject({
      reason: 'done',
      result: 'The survey is done.',
    });

    // Children see none of the parent's conversation: the system prompt and their prompt only.
    for (const prompt of [PROMPT_A, PROMPT_B]) {
      const [first] = requestsOf(server, prompt);
      const messages = first.body.messages as ChatMessage[];
      expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
      expect(messages[1].content).toBe(prompt);
      expect(messages[0].content).toContain('You are a subagent');
      expect(messages[0].content).toMatch(
        /Tools: bash, read_file, write_file, edit_file, glob, todo_write\./,
      );
      expect(JSON.stringify(first.body.messages)).not.toContain('SECRET-PARENT-WORD');
      expect(JSON.stringify(first.body.messages)).not.toContain('Planning first');
      // ... and are not offered `agent`; the parent is.
      expect(toolNames(first)).not.toContain('agent');
      expect(toolNames(first)).toContain('bash');
    }
    expect(toolNames(requestsOf(server, PARENT_PROMPT)[0])).toContain('agent');

    // The parent's history holds the children's final texts and one line of counts each.
    const answers = agent
      .messages()
      .filter((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool')
      .filter((m) => m.tool_call_id === 'call_a' || m.tool_call_id === 'call_b');
    expect(answers.map((m) => m.content)).toEqual([
      expect.stringMatching(/^src holds 3 files\n\n\(subagent: 4 turns, 3 tool calls, [\d.]+s\)$/),
      expect.stringMatching(/^version is 1\.2\.3\n\n\(subagent: 2 turns, 1 tool call, [\d.]+s\)$/),
    ]);
    const history = JSON.stringify(agent.messages());
    expect(history).not.toContain('CHILD-A-TOOL-OUTPUT');
    expect(history).not.toContain('CHILD-B-TOOL-OUTPUT');
    expect(history).not.toContain('List files');
    // Nor did the parent's later requests carry anything else of the children.
    const lastParent = requestsOf(server, PARENT_PROMPT).at(-1) as RecordedRequest;
    expect(JSON.stringify(lastParent.body.messages)).not.toContain('TOOL-OUTPUT');

    // The parent's plan is its own: the children's plans never replace it.
    expect(agent.todos().map((t) => t.content)).toEqual(['Survey', 'Report']);
    expect(ofType(events, 'todos_updated')).toHaveLength(1);
    // The children's own histories went to the side chain.
    const childIds = new Set(sideChain.map((entry) => entry.agentId));
    expect(childIds.size).toBe(2);
    expect(sideChain.some((e) => JSON.stringify(e.message).includes('CHILD-A-TOOL-OUTPUT'))).toBe(
      true,
    );
  });

  it('tags every child event with the child id and the parent call id', async () => {
    const { agent } = await setup(twoChildren('0'));
    const events = (await timed(agent.run(PARENT_PROMPT, new AbortController().signal))).map(
      (e) => e.event,
    );
    const started = ofType(events, 'subagent_started');
    expect(started.map((e) => [e.parentCallId, e.description])).toEqual(
      expect.arrayContaining([
        ['call_a', 'Count src files'],
        ['call_b', 'Find version'],
      ]),
    );
    const idOf = Object.fromEntries(started.map((e) => [e.parentCallId, e.agentId]));
    expect(idOf.call_a).not.toBe(idOf.call_b);
    const childEvents = ofType(events, 'subagent_event');
    for (const e of childEvents) expect(e.agentId).toBe(idOf[e.parentCallId]);
    const todosOfA = childEvents.filter(
      (e) => e.parentCallId === 'call_a' && e.event.type === 'todos_updated',
    );
    expect(todosOfA).toHaveLength(2);
    const finished = ofType(events, 'subagent_finished');
    expect(finished.find((e) => e.parentCallId === 'call_b')).toMatchObject({
      ok: true,
      result: 'version is 1.2.3',
      turns: 2,
      toolCalls: 1,
      agentId: idOf.call_b,
    });
  });

  it('runs the agent calls of one turn in parallel, and one at a time with agents.maxParallel 1', async () => {
    const span = async (maxParallel: number) => {
      const { agent } = await setup(twoChildren('0.5'), {
        agents: { ...AGENTS_DEFAULTS, maxParallel },
      });
      const events = await timed(agent.run(PARENT_PROMPT, new AbortController().signal));
      const at = (type: string, callId: string) =>
        events.find(
          (e) =>
            e.event.type === type && 'parentCallId' in e.event && e.event.parentCallId === callId,
        )?.at as number;
      await server?.close();
      server = undefined;
      return {
        a: [at('subagent_started', 'call_a'), at('subagent_finished', 'call_a')],
        b: [at('subagent_started', 'call_b'), at('subagent_finished', 'call_b')],
      };
    };
    const together = await span(4);
    // Overlap: each started before the other finished.
    expect(together.a[0]).toBeLessThan(together.b[1]);
    expect(together.b[0]).toBeLessThan(together.a[1]);
    const oneByOne = await span(1);
    expect(oneByOne.b[0]).toBeGreaterThanOrEqual(oneByOne.a[1]);
  });

  it('keeps the order of the other calls of the turn', async () => {
    const { agent } = await setup({
      main: [
        {
          toolCalls: [
            bash('echo first'),
            agentCall('call_a', 'Child', 'CHILD: say hi'),
            bash('echo third'),
          ],
        },
        { text: 'done' },
      ],
      conversations: { 'CHILD: say hi': [{ text: 'hi' }] },
    });
    const events = (await timed(agent.run('go', new AbortController().signal))).map((e) => e.event);
    const results = ofType(events, 'tool_result').map((e) => e.output.split('\n')[0]);
    expect(results).toEqual(['first', 'hi', 'third']);
  });

  it('a child that fails returns an Error: result and the parent goes on', async () => {
    const { agent } = await setup(
      {
        main: [
          {
            toolCalls: [
              agentCall('call_loop', 'Loops', 'LOOPER: keep going'),
              agentCall('call_bad', 'Breaks', 'BROKEN: fail'),
            ],
          },
          { text: 'parent carries on' },
        ],
        conversations: {
          'LOOPER: keep going': [
            { text: 'step 1', toolCalls: [bash('true')] },
            { text: 'step 2', toolCalls: [bash('true')] },
            { text: 'step 3', toolCalls: [bash('true')] },
          ],
          'BROKEN: fail': [{ fault: { kind: 'status', status: 400, message: 'model says no' } }],
        },
      },
      { agents: { ...AGENTS_DEFAULTS, maxTurns: 2 } },
    );
    const events = (await timed(agent.run('go', new AbortController().signal))).map((e) => e.event);
    const results = Object.fromEntries(ofType(events, 'tool_result').map((e) => [e.id, e]));
    expect(results.call_loop.status).toBe('error');
    expect(results.call_loop.output).toMatch(
      /^Error: the subagent stopped after 2 model requests \(agents\.maxTurns 2\) without finishing\nIts last message: step 2\n\(subagent: 2 turns, 2 tool calls/,
    );
    expect(results.call_bad.status).toBe('error');
    expect(results.call_bad.output).toMatch(/^Error: the subagent failed: .*model says no/);
    expect(ofType(events, 'turn_end')[0]).toMatchObject({
      reason: 'done',
      result: 'parent carries on',
    });
  });

  it("puts a child's approval to the same prompt, naming the child", async () => {
    const { agent, asked } = await setup(
      {
        main: [
          { toolCalls: [agentCall('call_a', 'Clean up', 'CLEANER: remove build')] },
          { text: 'ok' },
        ],
        conversations: {
          'CLEANER: remove build': [{ toolCalls: [bash('rm -rf build')] }, { text: 'removed' }],
        },
      },
      {},
      [{ decision: 'deny', note: 'keep it' }],
    );
    const events = (await timed(agent.run('go', new AbortController().signal))).map((e) => e.event);
    expect(asked).toHaveLength(1);
    const started = ofType(events, 'subagent_started')[0];
    expect(asked[0]).toMatchObject({
      toolName: 'bash',
      subject: 'rm -rf build',
      agent: { id: started.agentId, description: 'Clean up' },
    });
    const childResult = ofType(events, 'subagent_event').find(
      (e) => e.event.type === 'tool_result',
    );
    expect(childResult?.event).toMatchObject({ status: 'denied' });
  });

  it("keeps a child's long output in its own folder of the session's", async () => {
    const { agent, sideChain } = await setup(
      {
        main: [
          { toolCalls: [agentCall('call_a', 'Big output', 'BIG: print a lot')] },
          { text: 'ok' },
        ],
        conversations: {
          'BIG: print a lot': [
            { toolCalls: [bash("head -c 80000 /dev/zero | tr '\\0' x | fold -w 100")] },
            { text: 'printed' },
          ],
        },
      },
      { contextWindow: 8_000 },
    );
    const events = (await timed(agent.run('go', new AbortController().signal))).map((e) => e.event);
    const agentId = ofType(events, 'subagent_started')[0].agentId;
    const answer = sideChain.find((entry) => entry.message.role === 'tool')?.message.content;
    expect(answer).toMatch(new RegExp(`/agents/${agentId}/tool-results/`));
  });

  it('Esc interrupts the children: their running commands are killed', async () => {
    const sleep = uniqueSleepSeconds();
    const { agent } = await setup({
      main: [{ toolCalls: [agentCall('call_a', 'Waits', 'SLEEPER: wait')] }, { text: 'never' }],
      conversations: { 'SLEEPER: wait': [{ toolCalls: [bash(`sleep ${sleep}`)] }, { text: 'x' }] },
    });
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const run = (async () => {
      for await (const event of agent.run('go', controller.signal)) events.push(event);
    })();
    expect(await waitFor(() => livePidsRunning(['sleep', sleep]).length > 0)).toBe(true);
    const aborted = Date.now();
    controller.abort();
    await run;
    expect(Date.now() - aborted).toBeLessThan(3_000);
    expect(await waitFor(() => livePidsRunning(['sleep', sleep]).length === 0)).toBe(true);
    expect(ofType(events, 'turn_end')[0].reason).toBe('aborted');
    const parentResult = ofType(events, 'tool_result').find((e) => e.id === 'call_a');
    expect(parentResult?.status).toBe('cancelled');
  });
});
