import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  appInPty,
  appTestFile,
  modelEnv,
  scriptedServer,
  tempFolder,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

/**
 * The app against a server with no tool parser: the model writes its call as Hermes text,
 * slowly. What the user sees while it streams never holds the markup; the card says where
 * the call came from; the gate asks as for any call.
 */
describe('a tool call written as text, in the app', { timeout: 90_000 }, () => {
  test('the markup never shows, the card says recovered, the gate asks', async () => {
    const server = await scriptedServer(cleanups, [
      {
        dialect: 'text-hermes',
        text: 'I will clean the build folder.',
        toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }],
        chunkSize: 3,
        delayMs: 15,
      },
      { text: 'The build folder is gone.' },
    ]);
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    mkdirSync(join(cwd, 'build'));
    writeFileSync(join(cwd, 'build', 'out.js'), 'stale');
    const session = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
    await session.waitForText('Type a task', 20_000);
    await session.type('clean up', true);
    // Watch every frame while the answer streams, until the approval prompt comes.
    const seen: string[] = [];
    const asked = await session.waitFor(
      (screen) => {
        seen.push(screen);
        return screen.includes('Run this command?');
      },
      30_000,
      'the approval prompt',
    );
    expect(seen.some((screen) => screen.includes('I will clean the build folder.'))).toBe(true);
    for (const screen of seen) {
      expect(screen).not.toContain('<tool_call>');
      expect(screen).not.toContain('"arguments"');
    }
    expect(asked).toContain('rm -rf build');
    expect(asked).toContain('(from hermes text)');
    expect(existsSync(join(cwd, 'build'))).toBe(true);
    // A question's keys answer once it has been on screen a moment (typing never answers).
    await waitForChoices(session);
    await session.type('y');
    const done = await session.waitForText('The build folder is gone.', 20_000);
    expect(done).toMatch(/✓ bash\s+rm -rf build\s+\(from hermes text\)/);
    expect(existsSync(join(cwd, 'build'))).toBe(false);
  });
});
