import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIALECTS,
  startScriptedServer,
  type Dialect,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

/**
 * The real CLI against a server without a tool parser: the model's calls come as answer
 * text, and tick runs them as calls (print mode, stream-json), with the same gate.
 */
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function tick(script: Script, args: string[], env: Record<string, string> = {}) {
  server = await startScriptedServer(script);
  const cwd = tempDir('tick-ws-');
  const run = await runTick(args, {
    cwd,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: tempDir('tick-home-'),
      TICK_MODEL: 'scripted',
      ...env,
    },
  });
  const events = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { ...run, cwd, server, events };
}

/** The scripted server's dialects that write calls as text, one per model family. */
const TEXT_DIALECTS: Dialect[] = DIALECTS.filter((dialect) => dialect.startsWith('text-'));

/** What the card names: a Llama-style bare object is the generic `json` form. */
const FORMAT_OF: Record<string, string> = Object.fromEntries(
  TEXT_DIALECTS.map((d) => [d, d === 'text-llama-json' ? 'json' : d.slice('text-'.length)]),
);

describe('tool calls written as text, through the CLI', () => {
  it.each(TEXT_DIALECTS.map((d) => [d]))(
    '%s: the call runs, the card says recovered, the next request has it structured',
    async (dialect) => {
      const run = await tick(
        [
          {
            dialect,
            text: 'Writing the note.',
            toolCalls: [{ name: 'write_file', arguments: { path: 'note.txt', content: 'hi\n' } }],
          },
          { text: 'Done.' },
        ],
        [
          '-p',
          'write a note',
          '--output-format',
          'stream-json',
          '--permission-mode',
          'acceptEdits',
        ],
      );
      expect(run.exitCode).toBe(0);
      expect(readFileSync(join(run.cwd, 'note.txt'), 'utf8')).toBe('hi\n');
      const ready = run.events.find((e) => e.type === 'tool_call_ready');
      expect(ready).toMatchObject({
        name: 'write_file',
        input: { path: 'note.txt', content: 'hi\n' },
        recovered: FORMAT_OF[dialect],
      });
      // The markup is in no text the user sees.
      const shown = run.events
        .filter((e) => e.type === 'text_delta')
        .map((e) => e.text)
        .join('');
      expect(shown).toBe('Writing the note.\n\nDone.');
      // The model's next request carries the call in the proper shape, and its result.
      const history = run.server.requests[1].body.messages;
      const assistant = history.find((m: { role: string }) => m.role === 'assistant');
      expect(assistant.content.trim()).toBe('Writing the note.');
      expect(assistant.tool_calls).toEqual([
        {
          id: ready?.id,
          type: 'function',
          function: { name: 'write_file', arguments: '{"path":"note.txt","content":"hi\\n"}' },
        },
      ]);
      expect(history.at(-1)).toMatchObject({ role: 'tool', tool_call_id: ready?.id });
    },
  );

  it('a recovered call meets the same gate: print mode denies a risky command', async () => {
    const run = await tick(
      [
        {
          dialect: 'text-hermes',
          toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }],
        },
        { text: 'It was denied.' },
      ],
      ['-p', 'clean', '--output-format', 'stream-json'],
    );
    const decided = run.events.find((e) => e.type === 'permission_decided');
    expect(decided).toMatchObject({ decision: 'deny', by: 'print mode' });
    const result = run.events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ name: 'bash', status: 'denied' });
  });

  it('a call to a tool tick lacks gets the unknown-tool error, so the model learns', async () => {
    const run = await tick(
      [
        {
          dialect: 'text-llama-json',
          toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
        },
        { text: 'I have no weather tool.' },
      ],
      ['-p', 'weather?', '--output-format', 'stream-json'],
    );
    const started = run.events.find((e) => e.type === 'tool_call_started');
    expect(started).toMatchObject({
      name: 'get_weather',
      recovered: 'json',
      arguments: '{"city":"Paris"}',
    });
    const result = run.events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ name: 'get_weather', status: 'error' });
    expect(String(result?.output)).toMatch(/unknown tool|Unknown tool/i);
    const toolMessage = run.server.requests[1].body.messages.at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', content: result?.output });
  });

  it('TICK_RECOVER_TOOL_CALLS=0 leaves the text as the model wrote it', async () => {
    const run = await tick(
      [
        {
          dialect: 'text-hermes',
          toolCalls: [{ name: 'write_file', arguments: { path: 'x', content: '' } }],
        },
      ],
      ['-p', 'go'],
      { TICK_RECOVER_TOOL_CALLS: '0' },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('<tool_call>');
    expect(existsSync(join(run.cwd, 'x'))).toBe(false);
    expect(run.server.requests).toHaveLength(1);
  });

  it('a quoted call stays text and the turn ends', async () => {
    const text =
      'Here is the format:\n\n```json\n{"name": "bash", "arguments": {"command": "ls"}}\n```\n\nThat is all.';
    const run = await tick([{ text }], ['-p', 'show me a tool call']);
    expect(run.stdout).toBe(`${text}\n`);
    expect(run.server.requests).toHaveLength(1);
  });
});
