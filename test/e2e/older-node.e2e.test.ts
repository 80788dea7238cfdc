import { describe, expect, test } from 'vitest';
import { OLDEST_SUPPORTED_NODE } from '../../src/cli/node-support';
import { olderNode } from '../support/older-node';
import { PtySession, TICK_BIN } from '../support/pty';
import { runTick } from '../support/run-cli';
import { appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

// tick needs Node.js 22 or newer, but a machine with only an older Node can still run
// `npm ci && npm start`: tick says once that the Node is unsupported and carries on.
const cleanups = appTestFile();
const NOTICE =
  /^tick: Node\.js v\d+\.\d+\.\d+ is not supported \(tick needs Node\.js 22 or newer\); carrying on\.$/;

describe('on a Node.js older than tick supports', { timeout: 60_000 }, () => {
  test('print mode says so in one line on stderr, then answers', async () => {
    const node = olderNode();
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [{ text: 'Answered on an old Node.' }]);
    const run = await runTick(['-p', 'hello'], { cwd, env: modelEnv(server, home), node });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Answered on an old Node.');
    const lines = run.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(NOTICE);
  });

  test('the app opens, shows the notice among its warnings, and works', async () => {
    const node = olderNode();
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [{ text: 'Answered in the app.' }]);
    const app = new PtySession({
      command: node,
      args: [TICK_BIN],
      cwd,
      env: modelEnv(server, home),
    });
    cleanups.push(() => app.dispose());
    await app.waitForText('Type a task', 20_000);
    await app.waitForText('is not supported (tick needs Node.js 22 or newer); carrying on.');
    await app.type('hello', true);
    await app.waitForText('Answered in the app.');
    expect(server.requests).toHaveLength(1);
  });
});

describe('on the Node.js running the tests', () => {
  test(`tick says nothing about the version from Node.js ${OLDEST_SUPPORTED_NODE} on`, async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const run = await runTick(['--version'], { cwd });
    expect(run.exitCode).toBe(0);
    const major = Number.parseInt(process.versions.node, 10);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual(
      major >= OLDEST_SUPPORTED_NODE ? [] : [expect.stringMatching(NOTICE)],
    );
  });
});
