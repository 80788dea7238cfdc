import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  startScriptedServer,
  type RecordedRequest,
  type ScriptedServer,
  type Script,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function tick(script: Script, args: string[], input?: string, env: NodeJS.ProcessEnv = {}) {
  server = await startScriptedServer(script);
  const cwd = tempDir('tick-ws-');
  const home = tempDir('tick-home-');
  const run = await runTick(args, {
    cwd,
    input,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: home,
      TICK_MODEL: 'scripted',
      ...env,
    },
  });
  return { ...run, cwd, server };
}

/**
 * Failure tests retry once (the default is 4, about 7 s of back-off): the retry path still
 * runs, without the wait. The model client's own tests check the retries and their delays.
 */
const ONE_RETRY = { TICK_MAX_RETRIES: '1' };

describe('tick -p', () => {
  it('prints the final answer and exits 0', async () => {
    const run = await tick([{ text: 'Hello from the model.' }], ['-p', 'say hi']);
    expect(run.stdout).toBe('Hello from the model.\n');
    expect(run.exitCode).toBe(0);
    expect(run.server.requests[0].body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'say hi',
    });
  });

  it('reads the prompt from stdin', async () => {
    const run = await tick([{ text: 'ok' }], ['-p'], 'prompt from a pipe\n');
    expect(run.exitCode).toBe(0);
    expect(run.server.requests[0].body.messages.at(-1).content).toBe('prompt from a pipe');
  });

  it('json output carries result, usage, turns, todos and the session id', async () => {
    const run = await tick(
      [
        {
          toolCalls: [
            {
              name: 'todo_write',
              arguments: { todos: [{ content: 'Say hi', status: 'completed' }] },
            },
          ],
          usage: { prompt_tokens: 11, completion_tokens: 3 },
        },
        { text: 'hi', usage: { prompt_tokens: 20, completion_tokens: 1 } },
      ],
      ['-p', 'go', '--output-format', 'json'],
    );
    expect(run.exitCode).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({
      type: 'result',
      result: 'hi',
      turns: 2,
      todos: [{ content: 'Say hi', status: 'completed' }],
      usage: { input_tokens: 31, output_tokens: 4 },
    });
    expect(typeof out.session_id).toBe('string');
  });

  it('stream-json writes one JSON object with a type per line, covering the events', async () => {
    const run = await tick(
      [{ toolCalls: [{ name: 'glob', arguments: { pattern: '*' } }] }, { text: 'done' }],
      ['-p', 'go', '--output-format', 'stream-json'],
    );
    expect(run.exitCode).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.every((line) => typeof line.type === 'string')).toBe(true);
    const types = lines.map((line) => line.type);
    expect(types[0]).toBe('system');
    for (const t of [
      'user_prompt',
      'request_start',
      'text_delta',
      'tool_call_started',
      'tool_call_ready',
      'tool_result',
      'turn_end',
    ]) {
      expect(types).toContain(t);
    }
    expect(types[types.length - 1]).toBe('result');
  });

  it('denies a call that needs approval and tells the model why', async () => {
    const script: Script = [
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm keep.txt' } }] },
      { text: 'could not delete' },
    ];
    server = await startScriptedServer(script);
    const cwd = tempDir('tick-ws-');
    writeFileSync(join(cwd, 'keep.txt'), 'x');
    const run = await runTick(['-p', 'delete keep.txt'], {
      cwd,
      env: { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test', TICK_HOME: tempDir() },
    });
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'keep.txt'))).toBe(true);
    const told = server.requests[1].body.messages
      .filter((m: { role: string }) => m.role === 'tool')
      .pop();
    expect(told.content).toMatch(/print mode/);
  });

  it('lets bypassPermissions and acceptEdits through', async () => {
    const run = await tick(
      [
        { toolCalls: [{ name: 'write_file', arguments: { path: 'out.txt', content: 'x' } }] },
        { text: 'written' },
      ],
      ['-p', 'write', '--permission-mode', 'acceptEdits'],
    );
    expect(run.exitCode).toBe(0);
    expect(readFileSync(join(run.cwd, 'out.txt'), 'utf8')).toBe('x');
  });

  it("exits non-zero with one clear line when the server keeps failing, and the doctor's", async () => {
    const run = await tick(
      [{ fault: { kind: 'status', status: 503, times: 99, message: 'overloaded' } }],
      ['-p', 'hi'],
      undefined,
      ONE_RETRY,
    );
    // One retry, then the failure: what the user sees does not depend on how many. (The
    // doctor's own two requests come after them.)
    const asked = (request: RecordedRequest) =>
      (request.body.messages as { role: string; content: unknown }[]).some(
        (message) => message.role === 'user' && message.content === 'hi',
      );
    const session = run.server.requests.filter(asked);
    expect(session).toHaveLength(2);
    expect(run.server.requests).toHaveLength(4);
    expect(run.exitCode).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('503');
    expect(lines[0]).toContain(run.server.baseURL);
    // The first failed request of a session brings the doctor's finding, in one line.
    expect(lines[1]).toBe(
      'tick: tick doctor: streaming: the chat request failed (503: overloaded)',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it.each(['json', 'stream-json'])(
    '%s: a fatal error is one line on stderr and error_during_execution on stdout',
    async (format) => {
      const run = await tick(
        [{ fault: { kind: 'status', status: 503, times: 99, message: 'overloaded' } }],
        ['-p', 'hi', '--output-format', format],
        undefined,
        ONE_RETRY,
      );
      expect(run.exitCode).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^tick: .*503/);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
      expect(result).toMatchObject({
        type: 'result',
        subtype: 'error_during_execution',
        is_error: true,
      });
      expect(result.errors.join('\n')).toContain('503');
    },
  );

  it('exits 2 with a usage line on a bad flag', async () => {
    const run = await tick([], ['-p', 'x', '--permission-mode', 'nope']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--permission-mode must be one of');
  });

  it('says so in one line when run without a terminal and without -p', async () => {
    const run = await tick([], []);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toMatch(/needs a terminal.*-p/);
  });

  it('runs command hooks from .tick/settings.json: exit 2 blocks with stderr as the reason', async () => {
    server = await startScriptedServer([
      { toolCalls: [{ name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }] },
      { text: 'blocked' },
    ]);
    const cwd = tempDir('tick-ws-');
    mkdirSync(join(cwd, '.tick'));
    const settings = {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Write',
            hooks: [{ type: 'command', command: 'echo "no writes today" >&2; exit 2' }],
          },
        ],
      },
    };
    writeFileSync(join(cwd, '.tick', 'settings.json'), JSON.stringify(settings));
    const run = await runTick(['-p', 'write', '--permission-mode', 'bypassPermissions'], {
      cwd,
      env: { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test', TICK_HOME: tempDir() },
    });
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'x.txt'))).toBe(false);
    const told = server.requests[1].body.messages.at(-1);
    expect(told.content).toContain('no writes today');
  });

  it('refuses to start with a malformed settings file, naming it, and leaves it as it was', async () => {
    const cwd = tempDir('tick-ws-');
    mkdirSync(join(cwd, '.tick'));
    const file = join(cwd, '.tick', 'settings.json');
    writeFileSync(file, '{ "permissions": { "allow": "bash" } }');
    const run = await runTick(['-p', 'hi'], {
      cwd,
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_API_KEY: 'x', TICK_HOME: tempDir() },
    });
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toContain('permissions.allow');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe('{ "permissions": { "allow": "bash" } }');
  });

  it('refuses a non-local server without OPENAI_API_KEY in one clear line', async () => {
    const run = await runTick(['-p', 'hi'], {
      cwd: tempDir('tick-ws-'),
      env: { OPENAI_BASE_URL: 'https://models.example.com/v1', TICK_HOME: tempDir() },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('OPENAI_API_KEY');
    expect(run.stderr).toContain('https://models.example.com/v1');
  });
});
