import { describe, expect, test } from 'vitest';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

describe('a model request tried again', { timeout: 60_000 }, () => {
  test('the status line says it retries, in place; the transcript keeps only the answer', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [
      { text: 'Answered.', fault: { kind: 'status', status: 503, times: 2, retryAfter: 1 } },
    ]);
    const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
    await app.waitForText('Type a task', 20_000);
    await app.type('hello', true);
    await app.waitForText(/retrying in 1s \(attempt 1\): 503/, 10_000);
    await app.waitForText(/retrying in 1s \(attempt 2\): 503/, 10_000);
    const screen = await app.waitForText('Answered.', 10_000);
    expect(screen).not.toMatch(/retry/i);
  });

  test('when every attempt fails, only the final error stays', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [
      { text: 'never', fault: { kind: 'status', status: 503, times: 10, retryAfterMs: 300 } },
    ]);
    const env = { ...modelEnv(server, home), TICK_MAX_RETRIES: '3' };
    const app = appInPty(cleanups, [], { cwd, env });
    await app.waitForText('Type a task', 20_000);
    await app.type('hello', true);
    await app.waitForText(/retrying in 1s \(attempt 3\)/, 10_000);
    // The final state: the error in the transcript and the status line's retry part gone (a
    // busy machine may draw them in two frames).
    const screen = await app.waitFor(
      (text) => /Error: .*503/.test(text) && !/retrying/.test(text),
      10_000,
      'the final error',
    );
    // One error paragraph; tick doctor's one line after the first failure may follow it.
    const said = screen.split('\n').filter((line) => /503/.test(line) && !/tick doctor/.test(line));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/Model request failed: 503/);
    expect(screen).not.toMatch(/retry/i);
  });
});
