import { describe, expect, test } from 'vitest';
import type { PtySession } from '../support/pty';
import type { ScriptedServer } from '../../src/demo/scripted-server';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

// Keys and pastes as real terminals send them, through the real CLI: these are what an
// upgrade of the terminal UI library can silently change (how it splits and names input).
const cleanups = appTestFile();

async function openApp(): Promise<{ app: PtySession; server: ScriptedServer }> {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const server = await scriptedServer(cleanups, [{ text: 'Got it.' }]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);
  return { app, server };
}

/** The prompt the first request carried: what Enter sent. */
function sentPrompt(server: ScriptedServer): unknown {
  const messages = server.requests[0]?.body.messages as { role: string; content: unknown }[];
  return messages.filter((message) => message.role === 'user').at(-1)?.content;
}

describe('input from a real terminal', { timeout: 60_000 }, () => {
  test('a bracketed one-line paste that ends in a newline lands in the input and is not sent', async () => {
    const { app, server } = await openApp();
    // One line copied with its line end, as a terminal with bracketed paste delivers it.
    app.write('\x1b[200~echo pasted\r\x1b[201~');
    await app.type('more');
    await app.waitFor(
      (screen) => /› echo pasted\s*\n\s+more/.test(screen),
      5_000,
      'the paste and the typed word on two input lines',
    );
    expect(server.requests).toHaveLength(0);
    await app.press('enter');
    await app.waitForText('Got it.');
    expect(server.requests).toHaveLength(1);
    expect(sentPrompt(server)).toBe('echo pasted\nmore');
  });

  test('Shift+Enter as xterm modifyOtherKeys sends it adds a line', async () => {
    const { app, server } = await openApp();
    await app.type('one');
    app.write('\x1b[27;2;13~');
    await app.type('two');
    await app.waitFor((screen) => /› one\s*\n\s+two/.test(screen), 5_000, 'two input lines');
    expect(server.requests).toHaveLength(0);
    await app.press('enter');
    await app.waitForText('Got it.');
    expect(sentPrompt(server)).toBe('one\ntwo');
  });

  test('Shift+Enter as the kitty keyboard protocol sends it adds a line', async () => {
    const { app, server } = await openApp();
    await app.type('one');
    app.write('\x1b[13;2u');
    await app.type('two');
    await app.waitFor((screen) => /› one\s*\n\s+two/.test(screen), 5_000, 'two input lines');
    expect(server.requests).toHaveLength(0);
    await app.press('enter');
    await app.waitForText('Got it.');
    expect(sentPrompt(server)).toBe('one\ntwo');
  });
});
