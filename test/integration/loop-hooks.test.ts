import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAgent, type AgentState } from '../../src/agent/loop';
import { createModelClient } from '../../src/model/client';
import { HookRegistry } from '../../src/hooks/registry';
import { TOOLS, toolDefinitions } from '../../src/tools/registry';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { collect, ofType, tempDir } from '../support/agent-harness';
import { ContextManager } from '../../src/context/manager';
import { WindowBook } from '../../src/context/window';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(script: Script, hooks: HookRegistry, prompt = 'go') {
  server = await startScriptedServer(script);
  const cwd = tempDir('tick-ws-');
  const state: AgentState = { sessionId: 's', messages: [], todos: [], roundsSinceTodo: 0 };
  const events = await collect(
    runAgent(
      prompt,
      state,
      {
        model: createModelClient({
          baseURL: server.baseURL,
          apiKey: 'test',
          model: 'm',
          idleTimeoutMs: 5000,
          maxRetries: 0,
        }),
        tools: TOOLS,
        toolDefinitions: toolDefinitions(TOOLS),
        hooks,
        approve: async () => ({ decision: 'deny' }),
        systemPrompt: () => 'system',
        cwd,
        roots: [cwd],
        sandbox: 'off',
        maxTurns: 50,
        reminderRounds: 3,
        context: new ContextManager({
          windows: new WindowBook(undefined, undefined),
          threshold: 0.8,
          planText: () => '',
        }),
      },
      new AbortController().signal,
    ),
  );
  return { events, cwd, state, server };
}

const write = (path: string, content: string) => ({
  toolCalls: [{ name: 'write_file', arguments: { path, content } }],
});

describe('in-process hooks around the loop', () => {
  it('a PreToolUse block becomes the tool result and the tool does not run', async () => {
    const hooks = new HookRegistry();
    hooks.on('PreToolUse', async ({ toolName }) =>
      toolName === 'write_file' ? { block: 'Error: writes are frozen' } : {},
    );
    const { events, cwd, server } = await run([write('a.txt', 'x'), { text: 'ok' }], hooks);
    expect(existsSync(join(cwd, 'a.txt'))).toBe(false);
    expect(ofType(events, 'tool_result')[0]).toMatchObject({
      status: 'denied',
      output: 'Error: writes are frozen',
    });
    expect(server.requests[1].body.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Error: writes are frozen',
    });
  });

  it('a PreToolUse hook may rewrite the input; an invalid rewrite is an error', async () => {
    const hooks = new HookRegistry();
    hooks.on('PreToolUse', async ({ input }) => ({
      input: { ...(input as object), content: 'rewritten' },
    }));
    const { cwd } = await run([write('a.txt', 'original'), { text: 'ok' }], hooks);
    expect(readFileSync(join(cwd, 'a.txt'), 'utf8')).toBe('rewritten');

    const bad = new HookRegistry();
    bad.on('PreToolUse', async () => ({ input: { path: 42 } }));
    const second = await run([write('b.txt', 'x'), { text: 'ok' }], bad);
    expect(existsSync(join(second.cwd, 'b.txt'))).toBe(false);
    expect(ofType(second.events, 'tool_result')[0].output).toMatch(/^Error: .*path/);
  });

  it('PostToolUse context is appended to the result the model sees', async () => {
    const hooks = new HookRegistry();
    hooks.on('PostToolUse', async () => ({ context: 'lint: 2 warnings' }));
    const { server } = await run([write('a.txt', 'x'), { text: 'ok' }], hooks);
    expect(String(server.requests[1].body.messages.at(-1).content)).toMatch(
      /Wrote 1 bytes to a.txt[\s\S]*lint: 2 warnings/,
    );
  });

  it('UserPromptSubmit context is added to the prompt; a block refuses it without a request', async () => {
    const hooks = new HookRegistry();
    hooks.on('UserPromptSubmit', async () => ({ context: 'branch: main' }));
    const first = await run([{ text: 'ok' }], hooks);
    expect(String(first.server.requests[0].body.messages.at(-1).content)).toContain('branch: main');
    await first.server.close();

    const blocking = new HookRegistry();
    blocking.on('UserPromptSubmit', async () => ({ block: 'no secrets in prompts' }));
    const second = await run([{ text: 'ok' }], blocking);
    expect(second.server.requests).toHaveLength(0);
    expect(ofType(second.events, 'turn_end')[0].reason).toBe('stopped');
    expect(ofType(second.events, 'error')[0].message).toContain('no secrets in prompts');
  });

  it('a Stop hook keeps the model going, at most 8 times a prompt', async () => {
    const hooks = new HookRegistry();
    let calls = 0;
    hooks.on('Stop', async ({ stopHookActive }) => {
      calls += 1;
      expect(stopHookActive).toBe(calls > 1);
      return { continueWith: 'run the tests again' };
    });
    const { events, server } = await run(() => ({ text: 'finished' }), hooks);
    expect(server.requests).toHaveLength(9);
    expect(ofType(events, 'user_prompt').filter((e) => e.source === 'hook')).toHaveLength(8);
    expect(ofType(events, 'turn_end')[0].reason).toBe('done');
  });

  it('a hook saying stop ends the turn after the current call', async () => {
    const hooks = new HookRegistry();
    hooks.on('PostToolUse', async () => ({ stop: 'budget reached' }));
    const { events, server } = await run(
      [
        {
          toolCalls: [
            { name: 'glob', arguments: { pattern: '*' } },
            { name: 'glob', arguments: { pattern: '**' } },
          ],
        },
      ],
      hooks,
    );
    expect(server.requests).toHaveLength(1);
    expect(ofType(events, 'tool_result').map((r) => r.status)).toEqual(['ok', 'cancelled']);
    expect(ofType(events, 'turn_end')[0].reason).toBe('stopped');
  });
});
