import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { ensureBuilt, tickEnv } from './session-support';

/*
 * Settings files far past anything written by hand: nested 100,000 deep (the validator's
 * recursion would overflow the stack) or holding 130,000 rules (spread as arguments, they
 * did). tick names the file it cannot use, or copes.
 */

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const DEPTH = 100_000;

describe('huge settings files', () => {
  it.each([
    ['arrays', 'user', '['.repeat(DEPTH) + ']'.repeat(DEPTH)],
    ['objects', 'project', '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)],
    [
      'objects just past the limit',
      'project',
      `{"permissions":${'{"a":'.repeat(64)}1${'}'.repeat(65)}`,
    ],
  ])(
    '%s nested deep in the %s settings: one line naming the file, exit 1',
    async (_what, where, text) => {
      const home = tempDir('tick-home-');
      const cwd = tempDir('tick-ws-');
      const file =
        where === 'user' ? join(home, 'settings.json') : join(cwd, '.tick', 'settings.json');
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
      const run = await runTick(['-p', 'hi'], { cwd, env: { TICK_HOME: home } });
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toBe(
        `tick: Error in ${file}: nested more than 64 levels deep; a settings file needs far fewer (is this one damaged?)\n`,
      );
    },
  );

  it('130,000 rules: tick starts, and the last rule still allows its command', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const allow = Array.from({ length: 130_000 }, (_, i) => `Bash(echo rule-${i} *)`);
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { allow } }));
    const server = await startScriptedServer([
      { toolCalls: [{ name: 'bash', arguments: { command: 'echo rule-129999 reached' } }] },
      { text: 'done' },
    ]);
    servers.push(server);
    const run = await runTick(['-p', 'go', '--output-format', 'json'], {
      cwd,
      env: tickEnv(server.baseURL, home),
      timeoutMs: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const toolResult = server.requests[1].body.messages.at(-1);
    expect(toolResult).toMatchObject({ role: 'tool', content: expect.stringContaining('reached') });
  }, 90_000);
});
