import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  appInPty,
  modelEnv,
  scriptedServer,
  tempFolder,
  appTestFile,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

const plan = (status: string) => ({
  name: 'todo_write',
  arguments: {
    todos: [{ content: 'Clean the build', activeForm: 'Cleaning the build', status }],
  },
});
const clean = { name: 'bash', arguments: { command: 'rm -rf build' } };

test('"allow for this item" holds while the item is in progress; once it completes the same call asks again', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  mkdirSync(join(cwd, 'build'));
  const server = await scriptedServer(cleanups, [
    { toolCalls: [plan('in_progress')] },
    { toolCalls: [clean] },
    { toolCalls: [clean] },
    { text: 'Cleaned twice.' },
    { toolCalls: [plan('completed')] },
    { toolCalls: [clean] },
    { text: 'Done.' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) }, { cols: 120, rows: 30 });
  await app.waitForText('Type a task', 20_000);
  await app.type('clean the build', true);
  const asked = await app.waitForText('Run this command?', 20_000);
  expect(asked.replace(/\s+/g, ' ')).toContain('i while "Clean the build" is in progress');
  await waitForChoices(app);
  await app.type('i');
  // The second rm of the same item runs without a question.
  const mark = app.mark();
  const cleaned = await app.waitForText('Cleaned twice.', 20_000);
  // The status line counts the grant.
  expect(cleaned).toMatch(/default · 1 item grant ·/);
  expect(app.since(mark)).not.toContain('Run this command?');
  expect(existsSync(join(cwd, 'build'))).toBe(false);

  await app.type('/permissions', true);
  const listed = await app.waitForText('is in progress)', 10_000);
  expect(listed).toContain('allow bash(rm -rf build)  (while "Clean the build" is in progress)');

  // The item completes: the grant ends, and the next matching call asks.
  mkdirSync(join(cwd, 'build'));
  await app.type('finish up', true);
  await waitForChoices(app);
  await app.type('n');
  const done = await app.waitForText('Done.', 20_000);
  expect(done).not.toContain('item grant');
  expect(existsSync(join(cwd, 'build'))).toBe(true);
  await app.type('/permissions', true);
  await app.waitForText('No permission rules', 10_000);
});
