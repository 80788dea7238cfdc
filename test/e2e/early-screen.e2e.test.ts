import { expect, test } from 'vitest';
import { appInPty, modelEnv, scriptedServer, tempFolder, appTestFile } from '../support/tick-app';

const cleanups = appTestFile();

// The app's frames are drawn as synchronized updates; the early frame is not.
const APP_FRAME = '\x1b[?2026h';

test('keys typed at the first frame, before the app has loaded, reach the prompt input', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const server = await scriptedServer(cleanups, [{ text: 'Early answer.' }]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  const start = app.mark();
  const first = await app.waitForText('Type a task', 20_000);
  app.write('early task');
  const before = app.since(start);
  // The prompt was on screen while the app itself had not drawn yet.
  expect(before).not.toContain(APP_FRAME);
  expect(first).toContain('tick v0.1.0');
  expect(first).toContain('scripted-model');
  // Raw mode already: the terminal did not echo the keys.
  expect(await app.screenText()).not.toContain('early task');

  const typed = await app.waitForText('› early task', 20_000);
  expect(app.since(start)).toContain(APP_FRAME);
  expect(typed).not.toContain('Type a task');
  app.write('\r');
  await app.waitForText('Early answer.', 20_000);
  const last = server.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
  expect(last.messages.find((message) => message.role === 'user')?.content).toBe('early task');
});
