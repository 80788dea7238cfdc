import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  APPROVAL_WAITING,
  appInPty,
  modelEnv,
  scriptedServer,
  tempFolder,
  appTestFile,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

/** The scripted model's request after the turn: the tool results it was sent. */
function toolResults(body: unknown): string[] {
  const messages = (body as { messages: { role: string; content: string }[] }).messages;
  return messages.filter((m) => m.role === 'tool').map((m) => m.content);
}

/** The bottom of the screen under the transcript's rule: the approval prompt. */
function promptOf(screen: string): string {
  return screen.slice(screen.lastIndexOf('──'));
}

test('three calls that need approval wait in one prompt; each is answered (mixed allow/deny) before any runs', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  for (const name of ['a', 'b', 'c']) mkdirSync(join(cwd, name));
  const server = await scriptedServer(cleanups, [
    {
      toolCalls: [
        { name: 'bash', arguments: { command: 'rm -rf a' } },
        { name: 'bash', arguments: { command: 'rm -rf b' } },
        { name: 'bash', arguments: { command: 'rm -rf c' } },
      ],
    },
    { text: 'Cleaned what you allowed.' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);

  await app.type('clean up', true);
  const listed = await app.waitForText('3 calls wait for you', 20_000);
  // The list names each call with its reason; the first is in focus and asked in full.
  expect(listed).toMatch(/› bash\s+rm -rf a · deletes files/);
  expect(listed).toMatch(/\n\s+bash\s+rm -rf b · deletes files/);
  expect(listed).toMatch(/\n\s+bash\s+rm -rf c · deletes files/);
  expect(listed).toContain('Run this command?');
  expect(listed).toContain('↑↓ choose a call · A allow all 3 once');
  expect(listed).toContain('1/3 in focus');
  // Its keys answer once the question has been read and the user stopped typing.
  await waitForChoices(app);

  // Down moves the focus to b: the question asked in full is b's.
  await app.press('down');
  const onB = await app.waitForText(/› bash\s+rm -rf b/, 10_000);
  expect(onB).toContain('2/3 in focus');
  // Moving through the list is no new question: its keys still answer.
  expect(onB).not.toMatch(APPROVAL_WAITING);
  // Deny b: a and c are left, focus moves to the call that took b's place (c).
  await app.type('n');
  const two = await app.waitForText('2 calls wait for you', 10_000);
  expect(two).toMatch(/› bash\s+rm -rf c/);
  expect(promptOf(two)).not.toContain('rm -rf b');
  // The transcript's card for b says it was denied.
  expect(two).toMatch(/⊘ bash\s+rm -rf b/);
  // Nothing ran yet: the answers are collected first.
  expect(existsSync(join(cwd, 'a'))).toBe(true);
  // c is a new question in focus: its keys wait their moment.
  await waitForChoices(app);
  // Allow c once; a is the last one, asked alone (no list).
  await app.type('y');
  const alone = await app.waitFor(
    (screen) => !screen.includes('calls wait for you') && /Run this command\?/.test(screen),
    10_000,
    'the last question alone',
  );
  expect(alone).toContain('rm -rf a');
  await waitForChoices(app);
  await app.type('y');
  await app.waitForText('Cleaned what you allowed.', 20_000);
  expect(existsSync(join(cwd, 'a'))).toBe(false);
  expect(existsSync(join(cwd, 'b'))).toBe(true);
  expect(existsSync(join(cwd, 'c'))).toBe(false);
  const sent = toolResults(server.requests.at(-1)?.body);
  expect(sent).toHaveLength(3);
  expect(sent[1]).toMatch(/denied/i);
  expect(sent[0]).not.toMatch(/denied/i);
  expect(sent[2]).not.toMatch(/denied/i);
});

test('A allows every waiting call once; the same calls ask again next turn', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const calls = {
    toolCalls: [
      { name: 'bash', arguments: { command: 'rm -f one.txt' } },
      { name: 'bash', arguments: { command: 'rm -f two.txt' } },
    ],
  };
  const server = await scriptedServer(cleanups, [
    calls,
    { text: 'Both removed.' },
    calls,
    { text: 'Again.' },
  ]);
  writeFileSync(join(cwd, 'one.txt'), '1');
  writeFileSync(join(cwd, 'two.txt'), '2');
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);
  await app.type('remove them', true);
  await app.waitForText('2 calls wait for you', 20_000);
  await waitForChoices(app);
  await app.type('A');
  await app.waitForText('Both removed.', 20_000);
  expect(existsSync(join(cwd, 'one.txt'))).toBe(false);
  expect(existsSync(join(cwd, 'two.txt'))).toBe(false);
  // Allowed once, not always: the next turn asks again.
  await app.type('again', true);
  await app.waitForText('2 calls wait for you', 20_000);
});
