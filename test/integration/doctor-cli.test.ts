import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  startScriptedServer,
  type RecordedRequest,
  type ScriptedServer,
  type ScriptedServerOptions,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

/**
 * `tick doctor` (the built CLI) against the scripted server in every dialect, and against
 * the set-ups that break tick: no server, a model the server lacks, a server that ignores
 * tools or does not stream, a small Ollama window, a model that never stops thinking.
 */
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers the doctor's two requests: a word, and a call to its ping tool when offered. */
function answers(extra: Partial<ScriptedTurn> = {}) {
  return (request: RecordedRequest): ScriptedTurn =>
    request.body.tools
      ? { toolCalls: [{ name: 'tick_doctor_ping', arguments: { value: 'ready' } }], ...extra }
      : { text: 'ready', ...extra };
}

async function doctor(
  script: (request: RecordedRequest) => ScriptedTurn,
  options: ScriptedServerOptions & { env?: Record<string, string> } = {},
) {
  server = await startScriptedServer(script, options);
  return doctorAt(server.baseURL, options.env);
}

async function doctorAt(baseURL: string, env: Record<string, string> = {}) {
  const run = await runTick(['doctor'], {
    cwd: tempDir('tick-ws-'),
    env: {
      OPENAI_BASE_URL: baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: tempDir('tick-home-'),
      TICK_MODEL: 'scripted',
      TICK_IDLE_TIMEOUT_MS: '10000',
      ...env,
    },
  });
  const line = (check: string) =>
    run.stdout.split('\n').find((row) => new RegExp(`^  \\S+\\s+${check}\\s`).test(row)) ?? '';
  return { ...run, line };
}

describe('tick doctor against each dialect', () => {
  it.each(DIALECTS.map((d) => [d]))('%s: tick can work with it', async (dialect) => {
    const run = await doctor(answers({ dialect }));
    expect(run.exitCode).toBe(0);
    expect(run.line('server')).toMatch(
      /✓ +server +a server answers at http:\/\/127\.0\.0\.1:\d+\/v1/,
    );
    expect(run.line('model')).toContain('✓');
    expect(run.line('streaming')).toMatch(/✓ +streaming +works \(\d+ chunks\)/);
    if (dialect.startsWith('text-')) {
      expect(run.line('tool calls')).toMatch(
        /! +tool calls +written as text \([a-z0-9-]+\): tick recovers them/,
      );
    } else {
      expect(run.line('tool calls')).toContain(
        '✓  tool calls  structured (tick_doctor_ping {"value":"ready"})',
      );
    }
    expect(run.line('speed')).toMatch(/first token \d+ ms, round trip \d+ ms/);
    expect(run.stdout).toMatch(/tick can work with this server/);
  });
});

describe('tick doctor against broken set-ups', () => {
  it('nothing configured: says how to point it at a server, exit 1', async () => {
    const run = await runTick(['doctor'], {
      cwd: tempDir('tick-ws-'),
      env: { TICK_HOME: tempDir('tick-home-') },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('tick: no model server is configured');
    expect(run.stderr).toContain('set OPENAI_BASE_URL (and TICK_MODEL)');
  });

  it('an argument it does not take: a usage error', async () => {
    const run = await runTick(['doctor', 'now'], { cwd: tempDir('tick-ws-') });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe("tick: tick doctor takes no arguments\nTry 'tick --help'.\n");
  });

  it('no server: one line that says to start it, exit 1', async () => {
    const port = await closedPort();
    const run = await doctorAt(`http://127.0.0.1:${port}/v1`);
    expect(run.exitCode).toBe(1);
    expect(run.line('server')).toBe(
      `  ✗  server      nothing answers at http://127.0.0.1:${port}/v1 (connection refused) — start the server, or set OPENAI_BASE_URL (Ollama: http://localhost:11434/v1)`,
    );
    expect(run.line('model')).toContain('not checked (no server)');
    expect(run.stdout).toContain('tick cannot work with this server yet');
  });

  it('a model the server lacks: the close names, exit 1', async () => {
    const run = await doctor(answers(), {
      server: 'ollama',
      models: ['qwen3:8b', 'qwen3:14b', 'llama3.2:3b'],
      env: { TICK_MODEL: 'qwen3' },
    });
    expect(run.exitCode).toBe(1);
    expect(run.line('server')).toContain('Ollama answers at');
    expect(run.line('model')).toContain(
      `✗  model       the server has no model 'qwen3' (404: model "qwen3" not found, try pulling it first); close: qwen3:8b, qwen3:14b — set --model, TICK_MODEL or "model" in the settings`,
    );
  });

  it('a server that ignores tools: no call came back, exit 1', async () => {
    const run = await doctor(answers(), { ignoreTools: true });
    expect(run.exitCode).toBe(1);
    expect(run.line('tool calls')).toContain(
      '✗  tool calls  none came back: the server ignored the tools (or the model would not call one)',
    );
  });

  it('a server that ignores stream: true: a warning, tick still works', async () => {
    const run = await doctor(answers(), { streaming: 'ignored' });
    expect(run.exitCode).toBe(0);
    expect(run.line('streaming')).toContain(
      '!  streaming   the server ignores stream: true and sends each answer in one piece',
    );
    expect(run.line('speed')).toMatch(/round trip \d+ ms \(the whole answer at once\)/);
  });

  it('a server that refuses to stream: exit 1', async () => {
    const run = await doctor(answers(), { streaming: 'refused' });
    expect(run.exitCode).toBe(1);
    expect(run.line('streaming')).toContain(
      '✗  streaming   the server refused to stream (400: Streaming is not supported)',
    );
    // The tools were still asked about, in one piece.
    expect(run.line('tool calls')).toContain('✓  tool calls  structured');
  });

  it("Ollama's small loaded window: what to set, once", async () => {
    const run = await doctor(answers(), { server: 'ollama', contextWindow: 4096 });
    expect(run.exitCode).toBe(0);
    expect(run.line('window')).toContain(
      '!  window      4,096 tokens, from Ollama /api/ps (the loaded model) — the server is cutting prompts at 4,096 tokens; set num_ctx / OLLAMA_CONTEXT_LENGTH, or TICK_CONTEXT_WINDOW',
    );
  });

  it('a reasoning model that never stops thinking: exit 1', async () => {
    const run = await doctor(() => ({
      reasoning: 'Let me think. '.repeat(20),
      finishReason: 'length',
    }));
    expect(run.exitCode).toBe(1);
    expect(run.line('reasoning')).toMatch(
      /✗ +reasoning +the model kept thinking and never answered/,
    );
  });

  it('calls written as text with recovery turned off: exit 1', async () => {
    const run = await doctor(answers({ dialect: 'text-hermes' }), {
      env: { TICK_RECOVER_TOOL_CALLS: '0' },
    });
    expect(run.exitCode).toBe(1);
    expect(run.line('tool calls')).toContain(
      'written as text (hermes), and recovery is off (model.recoverToolCalls)',
    );
  });

  it('the window a vLLM server reports, with where it came from', async () => {
    const run = await doctor(answers({ dialect: 'vllm' }), {
      server: 'vllm',
      contextWindow: 32768,
    });
    expect(run.exitCode).toBe(0);
    expect(run.line('window')).toContain(
      '✓  window      32,768 tokens, from vLLM /v1/models max_model_len',
    );
  });
});

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
