import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { HOOK_SETUPS, type HookRun, type HookSetup } from '../support/claude-hook-setups';

/*
 * Twenty hook setups of Claude Code users (test/support/claude-hook-setups.ts), each
 * copied into a project as a user would (`.claude/settings.json` as `.tick/settings.json`,
 * scripts under `.claude/hooks/`) and run with the real CLI (`tick -p`) against the
 * scripted server, in the default mode unless the setup names one. Each must behave as
 * it does in Claude Code.
 */

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Message = { role: string; content: unknown };

async function run(setup: HookSetup): Promise<HookRun> {
  server = await startScriptedServer([...setup.turns, { text: 'finished' }]);
  const cwd = tempDir('tick-hook-setup-');
  mkdirSync(join(cwd, '.claude'), { recursive: true });
  mkdirSync(join(cwd, '.tick'), { recursive: true });
  for (const [name, content] of Object.entries(setup.files)) {
    const path = join(cwd, name);
    if (name.endsWith('/')) {
      mkdirSync(path, { recursive: true });
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    if (/\.(sh|py)$/.test(name)) chmodSync(path, 0o755);
  }
  writeFileSync(join(cwd, '.tick', 'settings.json'), JSON.stringify(setup.settings, null, 2));
  const result = await runTick(['-p', 'go', ...(setup.args ?? [])], {
    cwd,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_MODEL: 'scripted',
      TICK_HOME: tempDir('tick-home-'),
    },
    timeoutMs: 60_000,
  });
  const last = server.requests.at(-1)?.body.messages as Message[] | undefined;
  const text = (m: Message) => (typeof m.content === 'string' ? m.content : '');
  return {
    cwd,
    ...result,
    toolResults: (last ?? []).filter((m) => m.role === 'tool').map(text),
    userMessages: (last ?? []).filter((m) => m.role === 'user').map(text),
    requests: server.requests.length,
  };
}

describe('real Claude Code hook setups run unchanged in tick', () => {
  it('has twenty setups', () => {
    expect(HOOK_SETUPS).toHaveLength(20);
  });

  it.each(HOOK_SETUPS.map((setup) => [setup.name, setup] as const))('%s', async (_name, setup) => {
    const result = await run(setup);
    expect(result.exitCode, result.stderr).toBe(0);
    await setup.expect(result);
  });
});
