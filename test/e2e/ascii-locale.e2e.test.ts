import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ScriptedTurn } from '../../src/demo/scripted-server';
import {
  appInPty,
  appTestFile,
  modelEnv,
  scriptedServer,
  tempFolder,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

const todos = (first: string, second: string): ScriptedTurn => ({
  toolCalls: [
    {
      name: 'todo_write',
      arguments: {
        todos: [
          { content: 'Look around', activeForm: 'Looking around', status: first },
          { content: 'Clean the build', activeForm: 'Cleaning the build', status: second },
        ],
      },
    },
  ],
});

const ANSWER = [
  '## Summary',
  '',
  'Everything is **done**; see [the docs](https://example.com).',
  '',
  '| file | lines | state |',
  '| :--- | ----: | :---: |',
  '| a.ts | 12 | ok |',
  '| b.ts | 1234 | changed |',
  '',
  '- first',
  '- second',
  '',
  '> a quote',
  '',
  '---',
  '',
  '```ts',
  'const answer = 42;',
  '```',
].join('\n');

/** Every character that is not 7-bit ASCII, with where it was. */
function nonAscii(text: string): string[] {
  return [...text.matchAll(/[\u0080-\u{10ffff}]/gu)].map(
    (match) =>
      `${match[0]} (U+${match[0].codePointAt(0)?.toString(16)}) in "${text.slice(Math.max(0, match.index - 30), match.index + 10)}"`,
  );
}

describe('LANG=C LC_ALL=C', { timeout: 120_000 }, () => {
  test('every glyph tick draws is ASCII: header, status, todos, cards, approval, Markdown, help, scrolling, exit, picker', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    mkdirSync(join(cwd, 'build'));
    const server = await scriptedServer(cleanups, [
      { ...todos('in_progress', 'pending'), text: 'I will look first.' },
      {
        toolCalls: [{ name: 'bash', arguments: { command: 'sleep 1; echo looked around' } }],
        delayMs: 5,
      },
      todos('completed', 'in_progress'),
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
      todos('completed', 'completed'),
      { text: ANSWER, chunkSize: 8, delayMs: 5 },
    ]);
    const app = appInPty(
      cleanups,
      [],
      { cwd, env: { ...modelEnv(server, home), LANG: 'C', LC_ALL: 'C' } },
      { cols: 100, rows: 40 },
    );
    await app.waitForText('Type a task', 20_000);
    await app.type('tidy up', true);
    await app.waitForText('Looking around');
    await app.waitForText('Run this command?');
    await waitForChoices(app);
    await app.type('y');
    await app.waitForText('const answer = 42;');
    await app.waitForText('Type a task');
    const screen = await app.screenText();
    expect(screen).toMatch(/\| lines \|/);
    expect(screen).toContain('[x] Clean the build');
    await app.press('ctrlT');
    await app.waitForText('ctrl+t to show');
    await app.type('/help', true);
    await app.waitForText('Ctrl+O');
    await app.press('pageUp');
    await app.waitForText('more rows below');
    await app.type('/exit', true);
    expect((await app.waitForExit()).exitCode).toBe(0);

    // Everything tick wrote to the terminal from start to exit, the final print included.
    expect(nonAscii(app.raw)).toEqual([]);

    // The session picker of `tick -r` too.
    const picker = appInPty(
      cleanups,
      ['-r'],
      { cwd, env: { ...modelEnv(server, home), LANG: 'C', LC_ALL: 'C' } },
      { cols: 100, rows: 40 },
    );
    await picker.waitForText('Resume a session', 20_000);
    await picker.waitForText('tidy up');
    await picker.press('escape');
    expect((await picker.waitForExit()).exitCode).toBe(0);
    expect(nonAscii(picker.raw)).toEqual([]);
  });
});
