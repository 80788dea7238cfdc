import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { callSteps } from '../../src/agent/call-order';
import { countsLine, noteChildEvent, parentResult, type ChildRun } from '../../src/agents/outcome';
import { Limiter } from '../../src/agents/limiter';
import { childHooks } from '../../src/agents/child-hooks';
import { childTools } from '../../src/agent/child-loop';
import { HookRegistry, runHooks } from '../../src/hooks/registry';
import type { HookContext } from '../../src/hooks/types';
import { streamJsonObject } from '../../src/print/stream-json';
import { routeOf } from '../../src/demo/conversation-route';
import { TOOLS, offeredTools } from '../../src/tools/registry';
import { agent } from '../../src/tools/agent';
import { CANCELLED_TEXT } from '../../src/protocol/cancel-text';
import { subagentsWorking } from '../../src/store/subagents';
import { EMPTY_LIVE } from '../../src/store/reducer';
import type { ChildView } from '../../src/store/types';
import { lookOf } from '../../src/tools/registry';

describe('callSteps', () => {
  const steps = (kinds: string) => callSteps(kinds.length, (i) => kinds[i] === 'A');
  it('keeps the order of a turn without agent calls', () => {
    expect(steps('bb')).toEqual([
      { kind: 'one', index: 0 },
      { kind: 'one', index: 1 },
    ]);
  });
  it('starts every agent call together where the first stands; the others keep their order', () => {
    expect(steps('bAbA')).toEqual([
      { kind: 'one', index: 0 },
      { kind: 'together', indices: [1, 3] },
      { kind: 'one', index: 2 },
    ]);
  });
  it('a lone agent call is just a call', () => {
    expect(steps('Ab')).toEqual([
      { kind: 'one', index: 0 },
      { kind: 'one', index: 1 },
    ]);
  });
});

describe("the parent's result", () => {
  const run = (over: Partial<ChildRun>): ChildRun => ({
    reason: 'done',
    result: 'Found it in src/a.ts',
    turns: 3,
    toolCalls: 1,
    durationMs: 12_345,
    maxTurns: 50,
    ...over,
  });
  it('is the final text and one line of counts', () => {
    expect(countsLine(run({}))).toBe('(subagent: 3 turns, 1 tool call, 12.3s)');
    expect(parentResult(run({}))).toEqual({
      ok: true,
      text: 'Found it in src/a.ts\n\n(subagent: 3 turns, 1 tool call, 12.3s)',
    });
    expect(parentResult(run({ result: '  ' })).text).toMatch(
      /^\(the subagent ended without a final answer\)/,
    );
  });
  it('is an Error: for a turn cap, a model error, a stop; cancelled for Esc', () => {
    expect(parentResult(run({ reason: 'max_turns', turns: 50 })).text).toBe(
      'Error: the subagent stopped after 50 model requests (agents.maxTurns 50) without finishing\n' +
        'Its last message: Found it in src/a.ts\n(subagent: 50 turns, 1 tool call, 12.3s)',
    );
    const failed = parentResult(run({ reason: 'error', result: '', problem: '500 boom' }));
    expect(failed).toEqual({
      ok: false,
      text: 'Error: the subagent failed: 500 boom\n(subagent: 3 turns, 1 tool call, 12.3s)',
    });
    expect(parentResult(run({ reason: 'stopped', problem: 'Stopped by hook: no' })).text).toMatch(
      /^Error: the subagent was stopped: Stopped by hook: no\n/,
    );
    expect(parentResult(run({ reason: 'aborted' }))).toEqual({ ok: false, text: CANCELLED_TEXT });
  });
});

describe("counting a child's run from its events", () => {
  it('tool calls, the fatal error, the end', () => {
    const run: ChildRun = {
      reason: 'error',
      result: '',
      turns: 0,
      toolCalls: 0,
      durationMs: 0,
      maxTurns: 5,
    };
    noteChildEvent(run, {
      type: 'tool_result',
      id: 'a',
      name: 'bash',
      look: lookOf('bash'),
      status: 'ok',
      output: '',
      durationMs: 1,
    });
    noteChildEvent(run, { type: 'error', message: 'just a note', fatal: false });
    expect(run.problem).toBeUndefined();
    noteChildEvent(run, { type: 'error', message: '500 boom', fatal: true });
    noteChildEvent(run, {
      type: 'turn_end',
      reason: 'error',
      result: 'half',
      rounds: 2,
      usage: { inputTokens: 0, outputTokens: 0 },
    });
    expect(run).toMatchObject({
      toolCalls: 1,
      problem: '500 boom',
      reason: 'error',
      result: 'half',
      turns: 2,
    });
  });
});

describe('Limiter', () => {
  it('runs at most N at once, the rest in order', async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const limiter = new Limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(n);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return n;
      });
    const all = Promise.all([1, 2, 3, 4, 5].map(job));
    await vi.runAllTimersAsync();
    expect(await all).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
  it('frees the slot when the work fails', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});

describe("the child's tools and hooks", () => {
  it('the agent tool is offered to the parent in both plan systems, never to a child', () => {
    for (const plan of ['todos', 'tasks'] as const) {
      const tools = offeredTools(plan);
      expect(Object.keys(tools)).toContain('agent');
      expect(Object.keys(childTools(tools))).toEqual(
        Object.keys(tools).filter((name) => name !== 'agent'),
      );
    }
    expect(TOOLS.agent.claude).toMatchObject({ name: 'Agent', aliases: ['Task'] });
  });

  it('a tool asked from inside a child (no runner) says so', async () => {
    const result = await agent.run(
      { description: 'x', prompt: 'y' },
      {
        cwd: '/',
        roots: ['/'],
        signal: new AbortController().signal,
        onOutput: () => undefined,
        sandbox: false,
        agentName: 'agent-1',
      },
    );
    expect(result).toEqual({ output: 'Error: subagents cannot start subagents', isError: true });
  });

  const ctx: HookContext = {
    sessionId: 's',
    cwd: '/',
    signal: new AbortController().signal,
    approve: async () => ({ decision: 'allow_once' }),
    emit: () => undefined,
  };

  it("a child's Stop runs the parent's SubagentStop hooks, not its Stop or UserPromptSubmit", async () => {
    const parent = new HookRegistry();
    const seen: string[] = [];
    parent.on('Stop', async () => void seen.push('Stop'));
    parent.on('UserPromptSubmit', async () => void seen.push('UserPromptSubmit'));
    parent.on('PreToolUse', async () => void seen.push('PreToolUse'));
    parent.on('SubagentStop', async (input) => {
      seen.push(`SubagentStop ${input.agentId} ${input.agentType} ${input.lastMessage}`);
      return { continueWith: 'keep going' };
    });
    const child = childHooks(parent, { agentId: 'agent-1', agentType: 'general-purpose' });
    expect(child.has('UserPromptSubmit')).toBe(false);
    const outcome = await runHooks(
      child,
      'Stop',
      { lastMessage: 'done', stopHookActive: false },
      ctx,
    );
    expect(outcome).toEqual({ continueWith: 'keep going' });
    expect(child.list('PreToolUse')).toHaveLength(1);
    expect(seen).toEqual(['SubagentStop agent-1 general-purpose done']);
  });

  it("a child's prompt runs the parent's SubagentStart: its context goes through, a block does not", async () => {
    const parent = new HookRegistry();
    const seen: string[] = [];
    parent.on('UserPromptSubmit', async () => void seen.push('UserPromptSubmit'));
    parent.on('SubagentStart', async (input) => {
      seen.push(`SubagentStart ${input.agentId} ${input.agentType}`);
      return { context: 'The notes live in docs/.', block: 'no children today' };
    });
    const child = childHooks(parent, { agentId: 'agent-1', agentType: 'general-purpose' });
    const outcome = await runHooks(child, 'UserPromptSubmit', { prompt: 'read the notes' }, ctx);
    expect(outcome).toEqual({ context: 'The notes live in docs/.' });
    expect(seen).toEqual(['SubagentStart agent-1 general-purpose']);
    expect(child.has('SubagentStart')).toBe(false);
  });

  it('without SubagentStop hooks a child stops freely', () => {
    const parent = new HookRegistry();
    parent.on('Stop', async () => ({ continueWith: 'no' }));
    expect(
      childHooks(parent, { agentId: 'agent-1', agentType: 'general-purpose' }).has('Stop'),
    ).toBe(false);
  });
});

describe('stream-json', () => {
  it("lays a child's event out as itself, tagged; other events pass as they are", () => {
    const inner = { type: 'tool_running' as const, id: 'c1', name: 'bash' };
    expect(
      streamJsonObject({
        type: 'subagent_event',
        agentId: 'agent-1',
        parentCallId: 'p1',
        event: inner,
      }),
    ).toEqual({
      type: 'tool_running',
      id: 'c1',
      name: 'bash',
      agentId: 'agent-1',
      parentCallId: 'p1',
    });
    const own = { type: 'request_start' as const, round: 1 };
    expect(streamJsonObject(own)).toBe(own);
  });
});

describe('routing a request by its conversation', () => {
  const script = { main: [{ text: 'main' }], conversations: { 'CHILD-A': [{ text: 'a' }] } };
  const body = (first: string) => ({
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: first },
      { role: 'assistant', content: 'CHILD-A' },
    ],
  });
  it('a child by the start of its first user message, anything else to main', () => {
    expect(routeOf(script, body('CHILD-A: do it'))[0]).toBe('CHILD-A');
    expect(routeOf(script, body('a prompt about CHILD-A'))[0]).toBe('');
    expect(routeOf(script, {})[0]).toBe('');
  });
});

describe('subagentsWorking', () => {
  const child = (over: Partial<ChildView> = {}): ChildView => ({
    agentId: 'agent-1',
    description: 'd',
    startedAt: 0,
    todos: [],
    todoStartedAt: {},
    toolCalls: 0,
    tools: [],
    ...over,
  });
  const live = (...children: (ChildView | undefined)[]) => ({
    live: {
      ...EMPTY_LIVE,
      tools: children.map((c, i) => ({
        id: `call_${i}`,
        name: c ? 'agent' : 'bash',
        look: lookOf(c ? 'agent' : 'bash'),
        summary: '',
        status: 'running' as const,
        output: '',
        ...(c ? { child: c } : {}),
      })),
    },
  });

  it('is true while a child runs that is not waiting for an answer', () => {
    const waiting = child({ tools: [{ id: 'b', name: 'bash', summary: 'rm', status: 'asking' }] });
    const running = child({ tools: [{ id: 'c', name: 'bash', summary: 'ls', status: 'running' }] });
    expect(subagentsWorking(live(waiting, running))).toBe(true);
    expect(subagentsWorking(live(waiting))).toBe(false);
    expect(subagentsWorking(live(undefined))).toBe(false);
    const done = { ok: true, result: 'r', turns: 1, toolCalls: 0, durationMs: 5 };
    expect(subagentsWorking(live(waiting, child({ finished: done })))).toBe(false);
  });
});
