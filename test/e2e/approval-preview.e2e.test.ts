import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { PtySession } from '../support/pty';
import {
  appInPty,
  appTestFile,
  modelEnv,
  scriptedServer,
  tempFolder,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

/** The palette colour (1 red, 2 green) of the screen row that shows `text`. */
async function colourOf(app: PtySession, text: string): Promise<number | undefined> {
  const row = (await app.screen()).findIndex((line) => line.trim() === text);
  const cell = app.term.buffer.active.getLine(app.term.buffer.active.viewportY + row)?.getCell(2);
  return cell?.isFgPalette() ? cell.getFgColor() : undefined;
}

test('an edit is asked with its coloured diff, clamped and scrolled with PgUp/PgDn; nothing is written before y', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const old = Array.from({ length: 40 }, (_, i) => `line ${i + 1}\n`).join('');
  writeFileSync(join(cwd, 'big.txt'), old);
  const server = await scriptedServer(cleanups, [
    {
      toolCalls: [
        {
          name: 'edit_file',
          arguments: { path: 'big.txt', old_text: old, new_text: old.toUpperCase() },
        },
      ],
    },
    { text: 'Shouted.' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);
  await app.type('shout big.txt', true);
  const asked = await app.waitForText('Change this file?', 20_000);
  // Every line is replaced: the 40 removed lines come first, then the 40 added.
  expect(asked).toMatch(/^ {2}-line 1$/m);
  expect(asked).not.toContain('+LINE');
  expect(asked).toMatch(/… \d+ more lines · PgUp\/PgDn to scroll/);
  expect(await colourOf(app, '-line 1')).toBe(1);
  expect(asked).toContain('y/1 allow once');
  expect(asked).toContain('esc deny');
  expect(asked).not.toContain('esc interrupt');
  expect(readFileSync(join(cwd, 'big.txt'), 'utf8')).toBe(old);

  await app.press('pageDown');
  const scrolled = await app.waitForText(/↑ \d+ lines above/);
  expect(scrolled).not.toMatch(/^ {2}-line 1$/m);
  for (let i = 0; i < 8; i++) await app.press('pageDown');
  const end = await app.waitForText('+LINE 40');
  expect(end).not.toContain('more lines');
  expect(await colourOf(app, '+LINE 40')).toBe(2);

  await waitForChoices(app);
  await app.type('y');
  await app.waitForText('Shouted.', 20_000);
  expect(readFileSync(join(cwd, 'big.txt'), 'utf8')).toBe(old.toUpperCase());
});

test('a new file is asked with its content', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const server = await scriptedServer(cleanups, [
    {
      toolCalls: [
        { name: 'write_file', arguments: { path: 'three.txt', content: 'one\ntwo\nthree\n' } },
      ],
    },
    { text: 'Written.' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);
  await app.type('write three.txt', true);
  const asked = await app.waitForText('Change this file?', 20_000);
  expect(asked).toMatch(/three\.txt\n[\s\S]*\n {2}\+one\n {2}\+two\n {2}\+three\n/);
  await waitForChoices(app);
  await app.type('n');
  await app.waitForText('Written.', 20_000);
});
