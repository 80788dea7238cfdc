import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type ScriptedServer,
  type Script,
} from '../../src/demo/scripted-server';
import { collect, ofType, scriptedApprove, tempDir, testConfig } from '../support/agent-harness';
import type { Config } from '../../src/config/types';
import type { ApprovalDecision } from '../../src/protocol/approval';

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
  const agent = await createAgent(config, { approve, interactive: true });
  return { server, config, agent, asked };
}

type Msg = { role: string; content?: unknown; tool_call_id?: string };
const messagesOf = (s: ScriptedServer, i: number): Msg[] => s.requests[i].body.messages as Msg[];
const todo = (content: string, status: string) => ({ content, status });

describe('runAgent against the scripted server', () => {
  it('plans with todo_write, runs a tool, and answers; the rendered list goes back to the model', async () => {
    const { server, agent, config } = await setup(
      [
        {
          toolCalls: [
            {
              name: 'todo_write',
              arguments: { todos: [todo('Write file', 'in_progress'), todo('Check', 'pending')] },
            },
          ],
        },
        { toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'hello\n' } }] },
        { text: 'Done: wrote a.txt.' },
      ],
      { permissionMode: 'acceptEdits' },
    );
    const events = await collect(agent.run('make a.txt', new AbortController().signal));
    expect(readFileSync(join(config.cwd, 'a.txt'), 'utf8')).toBe('hello\n');
    expect(ofType(events, 'todos_updated')[0].todos).toHaveLength(2);
    const toolMsg = messagesOf(server, 1).find((m) => m.role === 'tool');
    expect(toolMsg?.content).toBe('[>] Write file\n[ ] Check\n\n(0/2 completed)');
    expect(ofType(events, 'turn_end')[0]).toMatchObject({
      reason: 'done',
      result: 'Done: wrote a.txt.',
      rounds: 3,
    });
    // The system prompt carries the planning rule and the workspace.
    const system = messagesOf(server, 0)[0];
    expect(system.role).toBe('system');
    expect(String(system.content)).toContain(
      'Before starting any multi-step task, use todo_write to plan your steps.',
    );
    expect(String(system.content)).toContain(config.cwd);
  });

  it('keeps the old list when todo_write gets a bad list, and tells the model the error', async () => {
    const good = { todos: [todo('One', 'in_progress')] };
    const bad = { todos: [todo('A', 'in_progress'), todo('B', 'in_progress')] };
    const { server, agent } = await setup([
      { toolCalls: [{ name: 'todo_write', arguments: good }] },
      { toolCalls: [{ name: 'todo_write', arguments: bad }] },
      { text: 'ok' },
    ]);
    const events = await collect(agent.run('plan', new AbortController().signal));
    expect(ofType(events, 'todos_updated')).toHaveLength(1);
    expect(agent.todos()).toEqual([{ content: 'One', status: 'in_progress' }]);
    const last = messagesOf(server, 2)
      .filter((m) => m.role === 'tool')
      .pop();
    expect(String(last?.content)).toMatch(/^Error: .*Only one todo can be in_progress at a time/);
  });

  it('appends the reminder after exactly the 3rd tool round without todo_write, and again 3 later', async () => {
    const glob = { toolCalls: [{ name: 'glob', arguments: { pattern: '*.none' } }] };
    const { server, agent } = await setup([
      glob,
      glob,
      glob,
      glob,
      glob,
      glob,
      { text: 'finished' },
    ]);
    const events = await collect(agent.run('look around', new AbortController().signal));
    expect(ofType(events, 'reminder_injected')).toHaveLength(2);
    const reminderIn = (i: number) =>
      messagesOf(server, i).filter(
        (m) => m.role === 'user' && m.content === '<reminder>Update your todos.</reminder>',
      ).length;
    expect([1, 2, 3, 4, 5, 6].map(reminderIn)).toEqual([0, 0, 1, 1, 1, 2]);
    // It sits right after the 3rd round's tool result.
    const third = messagesOf(server, 3);
    expect(third[third.length - 1]).toMatchObject({
      role: 'user',
      content: '<reminder>Update your todos.</reminder>',
    });
    expect(third[third.length - 2].role).toBe('tool');
  });

  it('answers unknown tools and invalid arguments with errors and goes on', async () => {
    const { server, agent } = await setup([
      {
        toolCalls: [
          { name: 'fly', arguments: {} },
          { name: 'read_file', arguments: '{"path": ' },
        ],
      },
      { toolCalls: [{ name: 'edit_file', arguments: { path: 'x' } }] },
      { text: 'sorry' },
    ]);
    const events = await collect(agent.run('go', new AbortController().signal));
    const results = ofType(events, 'tool_result');
    expect(results.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(results[0].output).toContain("unknown tool 'fly'");
    expect(results[1].output).toMatch(/^Error:/);
    expect(results[2].output).toMatch(/old_text/);
    expect(ofType(events, 'turn_end')[0].reason).toBe('done');
    expect(server.requests).toHaveLength(3);
  });

  it('asks before a risky command: runs it after allow, tells the model after deny', async () => {
    const rm = { toolCalls: [{ name: 'bash', arguments: { command: 'rm victim.txt' } }] };
    const { server, agent, config, asked } = await setup(
      [rm, { text: 'kept' }, rm, { text: 'removed' }],
      {},
      [{ decision: 'deny', note: 'keep it' }, { decision: 'allow_once' }],
    );
    writeFileSync(join(config.cwd, 'victim.txt'), 'x');
    const first = await collect(agent.run('remove it', new AbortController().signal));
    expect(asked[0].subject).toBe('rm victim.txt');
    expect(existsSync(join(config.cwd, 'victim.txt'))).toBe(true);
    expect(ofType(first, 'tool_result')[0].status).toBe('denied');
    const told = messagesOf(server, 1)
      .filter((m) => m.role === 'tool')
      .pop();
    expect(String(told?.content)).toMatch(/denied/i);
    expect(String(told?.content)).toContain('keep it');
    await collect(agent.run('now remove it', new AbortController().signal));
    expect(existsSync(join(config.cwd, 'victim.txt'))).toBe(false);
    // History persists across prompts of one session.
    expect(
      messagesOf(server, 2)
        .filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual(['remove it', 'now remove it']);
  });

  it('announces every call of a round with its summary before the first runs or asks', async () => {
    const { agent } = await setup(
      [
        {
          toolCalls: [
            { name: 'bash', arguments: { command: 'rm -rf build' } },
            { name: 'bash', arguments: { command: 'echo second' } },
            { name: 'write_file', arguments: { path: 'notes/third.txt', content: 'x' } },
            { name: 'bash', arguments: '{"command": ' },
          ],
        },
        { text: 'done' },
      ],
      {},
      [{ decision: 'deny' }, { decision: 'deny' }],
    );
    const events = await collect(agent.run('go', new AbortController().signal));
    const firstAsk = events.findIndex((event) => event.type === 'permission_asked');
    const firstRun = events.findIndex((event) => event.type === 'tool_running');
    const announced = ofType(events.slice(0, firstAsk), 'tool_call_ready');
    expect(announced.map((event) => [event.name, event.summary])).toEqual([
      ['bash', 'rm -rf build'],
      ['bash', 'echo second'],
      ['write_file', 'notes/third.txt'],
    ]);
    // Announced once; each runs (or is asked about) in order afterwards.
    expect(ofType(events, 'tool_call_ready')).toHaveLength(3);
    expect(firstRun).toBeGreaterThan(firstAsk);
    expect(ofType(events, 'tool_running').map((event) => event.id)).toEqual([announced[1].id]);
    // The turn's questions are asked together before any call runs, so a denial (or an
    // argument error) is reported when it is known; each call still has one result.
    const results = ofType(events, 'tool_result');
    const statusOf = (id: string) =>
      results.filter((event) => event.id === id).map((e) => e.status);
    expect(announced.map((event) => statusOf(event.id))).toEqual([['denied'], ['ok'], ['denied']]);
    expect(results.map((event) => event.status).sort()).toEqual([
      'denied',
      'denied',
      'error',
      'ok',
    ]);
    const asks = ofType(events, 'permission_asked').map((event) => events.indexOf(event));
    expect(asks).toHaveLength(2);
    expect(Math.max(...asks)).toBeLessThan(firstRun);
  });

  it('stops at --max-turns', async () => {
    const glob = { toolCalls: [{ name: 'glob', arguments: { pattern: '*' } }] };
    const { server, agent } = await setup([glob, glob, glob, glob], { maxTurns: 2 });
    const events = await collect(agent.run('loop', new AbortController().signal));
    expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'max_turns', rounds: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('the app has no cap on model requests by default; print mode stops after 100', async () => {
    const glob = { toolCalls: [{ name: 'glob', arguments: { pattern: '*' } }] };
    const rounds = [...Array.from({ length: 104 }, () => glob), { text: 'finally done' }];
    const app = await setup(rounds, { maxTurns: undefined, reminderRounds: 0 });
    const events = await collect(app.agent.run('a long task', new AbortController().signal));
    expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'done', rounds: 105 });
    expect(app.server.requests).toHaveLength(105);
    await app.server.close();

    server = await startScriptedServer(rounds);
    const config = testConfig(server.baseURL, { maxTurns: undefined, reminderRounds: 0 });
    const printAgent = await createAgent(config, {
      approve: async () => ({ decision: 'deny' }),
      interactive: false,
    });
    const printed = await collect(printAgent.run('a long task', new AbortController().signal));
    expect(ofType(printed, 'turn_end')[0]).toMatchObject({ reason: 'max_turns', rounds: 100 });
    expect(server.requests).toHaveLength(100);
    await printAgent.close();
  });

  it('starts no tool after an abort and kills the running one', async () => {
    const controller = new AbortController();
    const { agent, config } = await setup(
      [
        {
          toolCalls: [
            { name: 'bash', arguments: { command: 'sleep 30; echo late > late.txt' } },
            { name: 'write_file', arguments: { path: 'second.txt', content: 'no' } },
          ],
        },
      ],
      { permissionMode: 'bypassPermissions' },
    );
    const events: string[] = [];
    const started = Date.now();
    for await (const event of agent.run('slow', controller.signal)) {
      events.push(event.type);
      if (event.type === 'tool_call_ready' && event.name === 'bash')
        setTimeout(() => controller.abort(), 200);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(events[events.length - 1]).toBe('turn_end');
    expect(existsSync(join(config.cwd, 'second.txt'))).toBe(false);
    expect(existsSync(join(config.cwd, 'late.txt'))).toBe(false);
  });

  it('reports a model failure as one error line and ends the turn', async () => {
    const { agent } = await setup(
      [{ fault: { kind: 'status', status: 500, times: 10, message: 'boom' } }],
      {
        maxRetries: 1,
      },
    );
    const events = await collect(agent.run('hi', new AbortController().signal));
    const error = ofType(events, 'error')[0];
    expect(error.fatal).toBe(true);
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('500');
    expect(ofType(events, 'turn_end')[0].reason).toBe('error');
  });

  it('appends AGENTS.md and CLAUDE.md to the system prompt, and tells the model in plan mode', async () => {
    const cwd = tempDir('tick-ws-');
    writeFileSync(join(cwd, 'AGENTS.md'), 'Use pnpm, never npm.');
    writeFileSync(join(cwd, 'CLAUDE.md'), 'Tests live in spec/.');
    const { server, agent } = await setup([{ text: 'ok' }], { cwd, permissionMode: 'plan' });
    await collect(agent.run('plan it', new AbortController().signal));
    const system = String(messagesOf(server, 0)[0].content);
    expect(system).toContain('Use pnpm, never npm.');
    expect(system).toContain('Tests live in spec/.');
    expect(system).toMatch(/plan mode/i);
  });

  it('does not count the wait for an approval in the tool duration', async () => {
    server = await startScriptedServer([
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -f gone.txt' } }] },
      { text: 'ok' },
    ]);
    const waitMs = 2500;
    const agent = await createAgent(testConfig(server.baseURL), {
      approve: () =>
        new Promise((resolve) => setTimeout(() => resolve({ decision: 'allow_once' }), waitMs)),
      interactive: true,
    });
    const events = await collect(agent.run('remove', new AbortController().signal));
    const result = ofType(events, 'tool_result')[0];
    expect(result.status).toBe('ok');
    expect(result.durationMs).toBeLessThan(waitMs);
  });
});
