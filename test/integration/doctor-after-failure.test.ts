import { afterEach, describe, expect, it } from 'vitest';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedServerOptions,
  type Script,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

/** The doctor's one line after a session's first failed model request (print mode). */
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function printRun(script: Script, options: ScriptedServerOptions, model: string) {
  server = await startScriptedServer(script, options);
  return runTick(['-p', 'hello'], {
    cwd: tempDir('tick-ws-'),
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: tempDir('tick-home-'),
      TICK_MODEL: model,
      TICK_MAX_RETRIES: '0',
    },
  });
}

describe('the doctor after the first failed request', () => {
  it('a model the server lacks: the failure, then one line naming the close models', async () => {
    const run = await printRun(
      [{ text: 'never' }],
      { server: 'vllm', models: ['Qwen/Qwen3-8B'] },
      'qwen3-8b',
    );
    expect(run.exitCode).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      /^tick: Model request failed: 404 Not Found — The model `qwen3-8b` does not exist\./,
    );
    expect(lines[1]).toBe(
      'tick: tick doctor: model: the server has no model \'qwen3-8b\' (404: The model `qwen3-8b` does not exist.); close: Qwen/Qwen3-8B — set --model, TICK_MODEL or "model" in the settings',
    );
    expect(lines).toHaveLength(2);
  });

  it('a server that refuses to stream: the line says so', async () => {
    const run = await printRun([{ text: 'never' }], { streaming: 'refused' }, 'scripted');
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(
      'tick: tick doctor: streaming: the server refused to stream (400: Streaming is not supported) — tick streams every request',
    );
  });

  it('an answer that works runs no doctor', async () => {
    const run = await printRun([{ text: 'fine' }], {}, 'scripted');
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe('');
    expect(server?.requests).toHaveLength(1);
  });
});
