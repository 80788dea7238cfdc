import { describe, expect, test } from 'vitest';
import type { RecordedRequest, ScriptedTurn } from '../../src/demo/scripted-server';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

/** `/doctor` in the app, and the one line after the session's first failed request. */
describe('the doctor in the app', { timeout: 90_000 }, () => {
  test('/doctor prints the report, one verdict a line', async () => {
    const server = await scriptedServer(cleanups, (request: RecordedRequest): ScriptedTurn =>
      request.body.tools
        ? {
            dialect: 'text-hermes',
            toolCalls: [{ name: 'tick_doctor_ping', arguments: { value: 'ready' } }],
          }
        : { text: 'ready' },
    );
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const session = appInPty(
      cleanups,
      [],
      { cwd, env: modelEnv(server, home) },
      { cols: 160, rows: 30 },
    );
    await session.waitForText('Type a task', 20_000);
    await session.type('/doctor', true);
    const screen = await session.waitForText('tick can work with this server', 30_000);
    expect(screen).toMatch(/✓ +server +a server answers at http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(screen).toMatch(/✓ +streaming +works/);
    expect(screen).toMatch(/! +tool calls +written as text \(hermes\): tick recovers them/);
    // The scripted server lists only `scripted`, answers any name, and reports no window.
    expect(screen).toMatch(/! +model +'scripted-model' is not in the server's list \(scripted\)/);
    expect(screen).toMatch(/! +window +the server does not say — set model.contextWindow/);
    expect(screen).toContain('tick can work with this server (3 warnings).');
  });

  test('after the first failed request: the failure, then the doctor in one line, once', async () => {
    const server = await scriptedServer(cleanups, [{ text: 'never served' }]);
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const env = { ...modelEnv(server, home), TICK_MAX_RETRIES: '0', TICK_MODEL: 'qwen3' };
    await server.close();
    // Nothing answers on that port any more.
    const session = appInPty(cleanups, [], { cwd, env }, { cols: 200, rows: 30 });
    await session.waitForText('Type a task', 20_000);
    await session.type('hello', true);
    const screen = await session.waitForText('tick doctor: server: nothing answers', 30_000);
    expect(screen).toMatch(/Error: Model request failed: cannot connect/);
    expect(screen).toContain(
      '— start the server, or set OPENAI_BASE_URL (Ollama: http://localhost:11434/v1)',
    );
    await session.type('again', true);
    await session.waitFor(
      (text) => (text.match(/Model request failed/g) ?? []).length === 2,
      30_000,
      'the second failure',
    );
    const after = await session.screenText();
    expect((after.match(/tick doctor:/g) ?? []).length).toBe(1);
  });
});
