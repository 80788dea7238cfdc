import { afterEach, describe, expect, it } from 'vitest';
import {
  startScriptedServer,
  type ScriptedServer,
  type Script,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

/**
 * A model stopped at its token limit with nothing to show (it spent the limit thinking, or
 * the server's output limit is tiny): tick says why in one line instead of ending silently.
 */
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function printRun(script: Script) {
  server = await startScriptedServer(script);
  return runTick(['-p', 'hello'], {
    cwd: tempDir('tick-ws-'),
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: tempDir('tick-home-'),
      TICK_MODEL: 'scripted',
    },
  });
}

describe('an answer the token limit cut to nothing', () => {
  it('thinking until the limit: what to do, in one line', async () => {
    const run = await printRun([
      { reasoning: 'Let me think about this. '.repeat(30), finishReason: 'length' },
    ]);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'tick: The model thought until its token limit and never answered: turn its thinking down (Qwen3: /no_think; gpt-oss: reasoning effort low) or pick another model.\n',
    );
  });

  it('cut before a word: the output limit', async () => {
    const run = await printRun([{ text: '', finishReason: 'length' }]);
    expect(run.stderr).toContain(
      "tick: The model hit its token limit before it answered: raise the server's output limit",
    );
  });

  it('an answer the limit cut short is shown, with no line', async () => {
    const run = await printRun([{ text: 'A long answer that', finishReason: 'length' }]);
    expect(run.stdout).toBe('A long answer that\n');
    expect(run.stderr).toBe('');
  });

  it('thinking, then an answer: no line', async () => {
    const run = await printRun([{ reasoning: 'Thinking.', text: 'Done.' }]);
    expect(run.stdout).toBe('Done.\n');
    expect(run.stderr).toBe('');
  });
});
