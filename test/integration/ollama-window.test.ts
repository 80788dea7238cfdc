import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedServerOptions,
} from '../../src/demo/scripted-server';
import { collect, ofType, testConfig } from '../support/agent-harness';
import type { Config } from '../../src/config/types';
import { printChars, promptTokensOf, todoWrite, workingModel } from './context-support';

/**
 * Ollama cuts a prompt longer than its loaded window without a word (the scripted server
 * does the same with `cutsPrompts`): tick asks the window, says once what to set, and
 * compacts so that no request is cut and the system prompt and the plan stay.
 */
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const WINDOW = 4096;

async function session(options: ScriptedServerOptions, overrides: Partial<Config> = {}) {
  // Three outputs at once: the request after them jumps past the window in one step.
  const big = printChars(3_960);
  const model = workingModel([
    todoWrite([{ content: 'Collect the logs', status: 'in_progress' }]),
    { toolCalls: [1, 2, 3].map(() => ({ name: 'bash', arguments: { command: big } })) },
    { text: 'Collected.' },
  ]);
  server = await startScriptedServer(model.script, options);
  const config = testConfig(server.baseURL, { permissionMode: 'bypassPermissions', ...overrides });
  const agent = await createAgent(config, {
    approve: async () => ({ decision: 'allow_once' }),
    interactive: false,
  });
  const events = await collect(agent.run('collect the logs', new AbortController().signal));
  const second = await collect(agent.run('and once more', new AbortController().signal));
  return { events: [...events, ...second], server };
}

const CUT_LINE =
  'The server is cutting prompts at 4,096 tokens; set num_ctx / OLLAMA_CONTEXT_LENGTH, or TICK_CONTEXT_WINDOW. tick compacts the conversation to fit.';

describe("Ollama's silent cut", () => {
  it('tick says so once and compacts: no request is cut, the system prompt stays', async () => {
    const { events, server: used } = await session({
      server: 'ollama',
      contextWindow: WINDOW,
      cutsPrompts: true,
    });
    const notices = ofType(events, 'error').map((event) => event.message);
    expect(notices.filter((message) => message === CUT_LINE)).toHaveLength(1);
    expect(ofType(events, 'context_compacted').length).toBeGreaterThanOrEqual(1);
    expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'done', result: 'Collected.' });
    for (const request of used.requests) {
      expect(request.droppedMessages).toBeUndefined();
      expect(promptTokensOf(request)).toBeLessThanOrEqual(WINDOW);
      expect(request.body.messages[0].role).toBe('system');
    }
  });

  it('without the guard (the window unknown), the same server cuts the system prompt off', async () => {
    // An Ollama whose window tick cannot ask (no /api/ps): the server cuts, as users saw.
    const { server: used } = await session({
      server: 'openai',
      contextWindow: WINDOW,
      cutsPrompts: true,
    });
    expect(used.requests.some((request) => (request.droppedMessages ?? 0) > 0)).toBe(true);
  });

  it('a configured window goes to Ollama as options.num_ctx', async () => {
    const { server: used } = await session({ server: 'ollama' }, { contextWindow: 16_384 });
    expect(used.requests[0].body.options).toEqual({ num_ctx: 16_384 });
  });

  it('other servers get no options field', async () => {
    const { server: used } = await session({ server: 'vllm' }, { contextWindow: 16_384 });
    expect(used.requests[0].body.options).toBeUndefined();
  });
});
