import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import { createModelClient } from '../../src/model/client';
import { ModelError } from '../../src/model/errors';
import { discoverContextWindow } from '../../src/context/discover';
import {
  SERVER_KINDS,
  startScriptedServer,
  type Script,
  type ScriptedServer,
  type ScriptedServerOptions,
  type ServerKind,
} from '../../src/demo/scripted-server';
import { collect, ofType, testConfig } from '../support/agent-harness';
import type { Config } from '../../src/config/types';
import { bash, printChars, promptTokensOf, todoWrite, workingModel } from './context-support';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: Script, options: ScriptedServerOptions): Promise<ScriptedServer> {
  server = await startScriptedServer(script, options);
  return server;
}

async function runSession(options: ScriptedServerOptions, overrides: Partial<Config> = {}) {
  const steps = [
    todoWrite([{ content: 'Collect the logs', status: 'in_progress' }]),
    ...Array.from({ length: 16 }, () => bash(printChars(1_980))),
    { text: 'Collected.' },
  ];
  const model = workingModel(steps);
  const s = await serve(model.script, options);
  const config = testConfig(s.baseURL, { permissionMode: 'bypassPermissions', ...overrides });
  const agent = await createAgent(config, {
    approve: async () => ({ decision: 'allow_once' }),
    interactive: false,
  });
  const events = await collect(agent.run('collect the logs', new AbortController().signal));
  return { events, server: s, model };
}

const WINDOW = 6_000;

describe("each server's context-length refusal reaches tick as an overflow", () => {
  for (const kind of SERVER_KINDS) {
    it(`${kind}: a ModelError carrying the overflow (and the limit where the server says it)`, async () => {
      const s = await serve([{ text: 'never' }], { server: kind, contextWindow: 10 });
      const client = createModelClient({
        baseURL: s.baseURL,
        apiKey: 'k',
        model: 'scripted',
        idleTimeoutMs: 5000,
        maxRetries: 2,
      });
      const stream = client.stream({
        messages: [{ role: 'user', content: 'hello there' }],
        tools: [],
        signal: new AbortController().signal,
      });
      const error = await (async () => {
        try {
          for (let next = await stream.next(); !next.done; next = await stream.next());
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ModelError);
      const overflow = (error as ModelError).contextOverflow;
      expect(overflow).toBeDefined();
      // Ollama does not state the limit; the others do.
      expect(overflow?.limit).toBe(kind === 'ollama' ? undefined : 10);
      // Refused at once: a context-length error is never retried as it is.
      expect(s.requests).toHaveLength(1);
    });
  }
});

/** Where each server's window is read, as `tick doctor` names it. */
const SOURCE: Record<string, string> = {
  vllm: 'vLLM /v1/models max_model_len',
  llamacpp: 'llama.cpp /props n_ctx',
  ollama: 'Ollama /api/ps (the loaded model)',
  lmstudio: 'LM Studio /api/v0/models (the loaded model)',
};

describe('the window as each server reports it', () => {
  const reporting: ServerKind[] = ['vllm', 'llamacpp', 'ollama', 'lmstudio'];
  for (const kind of reporting) {
    it(`${kind}: discovered, so tick compacts before the server would refuse`, async () => {
      const s = await serve(() => ({ text: 'x' }), { server: kind, contextWindow: WINDOW });
      expect(await discoverContextWindow({ baseURL: s.baseURL, model: 'scripted' })).toEqual({
        window: WINDOW,
        loaded: true,
        from: SOURCE[kind],
        // Only Ollama cuts a longer prompt silently; the others refuse it.
        ...(kind === 'ollama' ? { cutsPrompts: true } : {}),
      });
      await s.close();

      const { events, server: used } = await runSession({ server: kind, contextWindow: WINDOW });
      expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'done', result: 'Collected.' });
      expect(used.requests.every((request) => promptTokensOf(request) <= WINDOW)).toBe(true);
      expect(ofType(events, 'context_compacted').length).toBeGreaterThanOrEqual(1);
      expect(ofType(events, 'context_usage').every((event) => event.window === WINDOW)).toBe(true);
    });
  }

  it('OpenAI reports no window: unknown, so only overflow recovery acts (and learns the stated limit)', async () => {
    const s = await serve(() => ({ text: 'x' }), { server: 'openai', contextWindow: WINDOW });
    expect(await discoverContextWindow({ baseURL: s.baseURL, model: 'scripted' })).toBeUndefined();
    await s.close();
    const { events, server: used } = await runSession({ server: 'openai', contextWindow: WINDOW });
    expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'done', result: 'Collected.' });
    expect(used.requests.filter((request) => promptTokensOf(request) > WINDOW)).toHaveLength(1);
    expect(ofType(events, 'context_usage')[0].window).toBeUndefined();
    expect(ofType(events, 'context_usage').at(-1)?.window).toBe(WINDOW);
  });
});

describe('a server that claims a larger window than it has', () => {
  for (const kind of SERVER_KINDS) {
    it(`${kind}: the refusal is recovered by compacting and retrying; every call finishes`, async () => {
      const {
        events,
        server: used,
        model,
      } = await runSession({
        server: kind,
        contextWindow: WINDOW,
        reportedWindow: 20_000,
      });
      expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'done', result: 'Collected.' });
      expect(ofType(events, 'tool_result').every((event) => event.status === 'ok')).toBe(true);
      expect(model.steps()).toBe(18);
      const refused = used.requests.filter((request) => promptTokensOf(request) > WINDOW);
      // The limit (or, where the wording states none, a bound below the refused size) is kept:
      // auto-compaction acts before a second refusal.
      expect(refused).toHaveLength(1);
      expect(ofType(events, 'context_compacted').length).toBeGreaterThanOrEqual(1);
      expect(ofType(events, 'error')).toEqual([]);
    });
  }
});
