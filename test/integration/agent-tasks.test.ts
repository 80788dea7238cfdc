import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import type { AgentEvent } from '../../src/protocol/events';
import type { Config } from '../../src/config/types';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { createTask } from '../../src/tasks/store';
import { collect, ofType, scriptedApprove, testConfig } from '../support/agent-harness';
import { waitFor } from './tool-helpers';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(script: Script, overrides: Partial<Config> = {}) {
  server = await startScriptedServer(script);
  const config = testConfig(server.baseURL, overrides);
  const agent = await createAgent(config, {
    approve: scriptedApprove([]).approve,
    interactive: true,
  });
  return { server, config, agent };
}

const toolNames = (s: ScriptedServer, i = 0): string[] =>
  (s.requests[i].body.tools as { function: { name: string } }[]).map((t) => t.function.name);
const systemPrompt = (s: ScriptedServer, i = 0): string => s.requests[i].body.messages[0].content;
const create = (subject: string, blockedBy?: string[]) => ({
  name: 'task_create',
  arguments: { subject, ...(blockedBy ? { blockedBy } : {}) },
});

describe('the plan tools offered', () => {
  it('by default: todo_write, and the prompt and reminder teach it', async () => {
    const { server, agent } = await setup([{ text: 'ok' }]);
    await collect(agent.run('hi', new AbortController().signal));
    expect(toolNames(server)).toContain('todo_write');
    expect(toolNames(server).filter((name) => name.startsWith('task_'))).toEqual([]);
    expect(systemPrompt(server)).toContain('use todo_write to plan');
    expect(systemPrompt(server)).not.toContain('task_create');
    expect(agent.taskListId).toBeUndefined();
  });

  it('with tasks on: the four task tools and not todo_write; the prompt teaches them', async () => {
    const { server, agent } = await setup([{ text: 'ok' }], { tasks: true });
    await collect(agent.run('hi', new AbortController().signal));
    expect(toolNames(server)).toEqual([
      'bash',
      'read_file',
      'write_file',
      'edit_file',
      'glob',
      'task_create',
      'task_get',
      'task_update',
      'task_list',
      'agent',
    ]);
    const prompt = systemPrompt(server);
    expect(prompt).toContain('task_create for each step');
    expect(prompt).toContain('task_update');
    expect(prompt).not.toContain('todo_write');
    const definitions = server.requests[0].body.tools as {
      function: { name: string; description: string };
    }[];
    for (const def of definitions) expect(def.function.description).not.toContain('todo_write');
  });
});

describe('a session planning with tasks', () => {
  it('keeps the list in $TICK_HOME/tasks/<session id>/ and announces it after each task tool', async () => {
    const { agent, config, server } = await setup(
      [
        { toolCalls: [create('Write the parser'), create('Test the parser', ['1'])] },
        {
          toolCalls: [
            { name: 'task_update', arguments: { taskId: '2', status: 'in_progress' } },
            { name: 'task_update', arguments: { taskId: '1', status: 'completed' } },
          ],
        },
        { text: 'Done.' },
      ],
      { tasks: true },
    );
    const events = await collect(agent.run('plan it', new AbortController().signal));
    const dir = join(config.home, 'tasks', agent.sessionId);
    expect(agent.taskListId).toBe(agent.sessionId);
    expect(
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual(['1.json', '2.json']);
    const updates = ofType(events, 'tasks_updated');
    expect(updates).toHaveLength(3);
    expect(updates.every((event) => event.listId === agent.sessionId)).toBe(true);
    expect(updates[1].tasks.map((task) => [task.id, task.blockedBy])).toEqual([
      ['1', []],
      ['2', ['1']],
    ]);
    // Each list follows its call's result; the failed call announces nothing.
    const order = events
      .filter((e) => e.type === 'tool_result' || e.type === 'tasks_updated')
      .map((e) => (e.type === 'tool_result' ? `${e.name}:${e.status}` : 'list'));
    expect(order).toEqual([
      'task_create:ok',
      'list',
      'task_create:ok',
      'list',
      'task_update:error',
      'task_update:ok',
      'list',
    ]);
    const results = server.requests[2].body.messages.filter(
      (m: { role: string }) => m.role === 'tool',
    );
    expect(results.map((m: { content: string }) => m.content)).toEqual([
      'Task #1 created: Write the parser',
      'Task #2 created: Test the parser (blocked by #1)',
      'Error: task #2 is blocked by #1 (not completed yet); complete it first',
      'Task #1 completed: Write the parser. Unblocked: #2 Test the parser.',
    ]);
    expect((await agent.taskList())?.tasks.map((task) => task.status)).toEqual([
      'completed',
      'pending',
    ]);
    expect(await agent.planText()).toBe(
      `Task list ${agent.sessionId}:\n#1 [completed] Write the parser (owner: main)\n#2 [pending] Test the parser (owner: main)\n\n(1/2 completed)`,
    );
  });

  it('shares the list TICK_TASK_LIST_ID names', async () => {
    const { agent, config } = await setup(
      [{ toolCalls: [create('Shared step')] }, { text: 'ok' }],
      {
        tasks: true,
        taskListId: 'team',
      },
    );
    await collect(agent.run('go', new AbortController().signal));
    expect(readdirSync(join(config.home, 'tasks', 'team'))).toContain('1.json');
  });

  it('any task tool resets the reminder count; the reminder names the task tools', async () => {
    const bash = { name: 'bash', arguments: { command: 'true' } };
    const { agent, server } = await setup(
      [
        { toolCalls: [bash] },
        { toolCalls: [bash] },
        { toolCalls: [{ name: 'task_list', arguments: {} }] },
        { toolCalls: [bash] },
        { toolCalls: [bash] },
        { toolCalls: [bash] },
        { text: 'done' },
      ],
      { tasks: true, permissionMode: 'bypassPermissions' },
    );
    const events = await collect(agent.run('go', new AbortController().signal));
    const reminders = ofType(events, 'reminder_injected');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toBe(
      '<reminder>Update your tasks: task_update to mark progress (in_progress, completed), task_create for new steps, task_list to review the list, task_get for one task.</reminder>',
    );
    // After rounds 4, 5, 6 (three without a task tool), not after 1 and 2.
    const lastRequest = server.requests.at(-1)?.body.messages as { content: unknown }[];
    expect(lastRequest.filter((m) => m.content === reminders[0].text)).toHaveLength(1);
  });

  it('follows another process’s changes to the list between turns', async () => {
    const { agent, config } = await setup([{ text: 'ok' }], { tasks: true, taskListId: 'watched' });
    const seen: AgentEvent[] = [];
    const stop = agent.watchTasks((event) => seen.push(event));
    try {
      expect(await waitFor(() => seen.length === 1)).toBe(true);
      expect(seen[0]).toEqual({ type: 'tasks_updated', listId: 'watched', tasks: [] });
      const dir = join(config.home, 'tasks', 'watched');
      await createTask({ id: 'watched', dir }, { subject: 'From elsewhere' }, 'other');
      expect(await waitFor(() => seen.length === 2, 2000)).toBe(true);
      expect(seen[1]).toMatchObject({
        type: 'tasks_updated',
        tasks: [{ id: '1', subject: 'From elsewhere', owner: 'other' }],
      });
    } finally {
      stop();
      await agent.close();
    }
  });
});
