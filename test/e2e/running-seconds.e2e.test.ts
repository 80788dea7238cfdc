import { describe, expect, test } from 'vitest';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

const CHILD = 'CHILD: wait for the build';

describe('a running card counts its seconds', { timeout: 60_000 }, () => {
  test('a silent bash call and a subagent show their seconds going up while they run', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, {
      main: [
        { toolCalls: [{ name: 'bash', arguments: { command: 'sleep 3' } }] },
        {
          toolCalls: [
            { name: 'agent', arguments: { description: 'Wait for the build', prompt: CHILD } },
          ],
        },
        { text: 'Both waited.' },
      ],
      conversations: {
        [CHILD]: [
          { toolCalls: [{ name: 'bash', arguments: { command: 'sleep 3' } }] },
          { text: 'The build is done.' },
        ],
      },
    });
    const app = appInPty(cleanups, ['--permission-mode', 'bypassPermissions'], {
      cwd,
      env: modelEnv(server, home),
    });
    await app.waitForText('Type a task', 20_000);
    await app.type('wait twice', true);
    // The command prints nothing: only the clock can change the card.
    await app.waitForText(/bash\s+sleep 3\s+2s/, 10_000);
    await app.waitForText(/0 tool calls · 2s/, 15_000);
    const screen = await app.waitForText('Both waited.', 15_000);
    expect(screen).toMatch(/✓ agent\s+Wait for the build/);
  });
});

describe('a question counts its seconds', { timeout: 60_000 }, () => {
  test('the status line says "waiting for you Ns" and the seconds go up with no key pressed', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
      { text: 'ok' },
    ]);
    const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
    await app.waitForText('Type a task', 20_000);
    await app.type('clean up', true);
    const asked = await app.waitForText(/\? waiting for you \d+s/, 20_000);
    const seconds = (screen: string) => Number(/waiting for you (\d+)s/.exec(screen)?.[1]);
    const first = seconds(asked);
    // Nothing is typed: only the clock can move the status line.
    const later = await app.waitFor((screen) => seconds(screen) >= first + 2, 6_000, 'two ticks');
    expect(later).toContain('Run this command?');
  });
});
