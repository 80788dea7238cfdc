import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { ScriptedTurn } from '../../src/demo/scripted-server';
import {
  appInPty,
  modelEnv,
  scriptedServer,
  tempFolder,
  appTestFile,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

const clean: ScriptedTurn = {
  toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }],
};

test('s at an approval saves the rule to .tick/settings.local.json; the same command then runs without asking', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  mkdirSync(join(cwd, '.tick'));
  // Other settings in the file are kept.
  writeFileSync(join(cwd, '.tick', 'settings.local.json'), '{ "model": "scripted-model" }\n');
  const server = await scriptedServer(cleanups, [
    clean,
    { text: 'First clean-up done.' },
    clean,
    { text: 'Second clean-up done.' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);

  mkdirSync(join(cwd, 'build'));
  await app.type('clean up', true);
  const asked = await app.waitForText('Run this command?', 20_000);
  expect(asked.replace(/\s+/g, ' ')).toContain('s always, saved to .tick/settings.local.json');
  await waitForChoices(app);
  await app.type('s');
  await app.waitForText('First clean-up done.', 20_000);
  expect(existsSync(join(cwd, 'build'))).toBe(false);
  expect(JSON.parse(readFileSync(join(cwd, '.tick', 'settings.local.json'), 'utf8'))).toEqual({
    model: 'scripted-model',
    permissions: { allow: ['bash(rm -rf build)'] },
  });

  mkdirSync(join(cwd, 'build'));
  const mark = app.mark();
  await app.type('clean up again', true);
  const done = await app.waitForText('Second clean-up done.', 20_000);
  expect(done).toMatch(/✓ bash\s+rm -rf build/);
  expect(existsSync(join(cwd, 'build'))).toBe(false);
  expect(app.since(mark)).not.toContain('Run this command?');

  // /permissions says where the saved rule lives, not "(session)".
  await app.type('/permissions', true);
  const listed = await app.waitForText('allow bash(rm -rf build)', 10_000);
  expect(listed).toContain('allow bash(rm -rf build)  (.tick/settings.local.json)');
  expect(listed).not.toContain('session');

  // /permissions rm takes it out of the file too, other keys kept.
  await app.type('/permissions rm bash(rm -rf build)', true);
  await app.waitForText('Removed rule bash(rm -rf build)', 10_000);
  expect(JSON.parse(readFileSync(join(cwd, '.tick', 'settings.local.json'), 'utf8'))).toEqual({
    model: 'scripted-model',
    permissions: { allow: [] },
  });
});
