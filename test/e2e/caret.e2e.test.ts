import stringWidth from 'string-width';
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

/** The terminal's cursor as the user's terminal has it: where it is, and whether it shows. */
async function terminalCursor(app: PtySession) {
  await app.flush();
  const buffer = app.term.buffer.active;
  const shown = app.raw.lastIndexOf('\x1b[?25h') > app.raw.lastIndexOf('\x1b[?25l');
  return { row: buffer.cursorY, column: buffer.cursorX, shown };
}

/** Polls until `check` passes. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where the caret is on screen: right after `typed` on the input's row. */
async function caretAfter(app: PtySession, typed: string) {
  const screen = await app.screen();
  const row = screen.findLastIndex((line) => line.startsWith('› ') && line.includes(typed));
  const line = screen[row] ?? '';
  return {
    row,
    column: stringWidth(line.slice(0, line.indexOf(typed) + typed.length)),
    shown: true,
  };
}

test('the terminal cursor sits at the input caret, ASCII and CJK alike, and hides while a question waits for a key', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const server = await scriptedServer(cleanups, [
    { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
    { text: 'ok' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);

  await app.type('hello');
  await app.waitForText('› hello');
  expect(await terminalCursor(app)).toEqual(await caretAfter(app, 'hello'));

  await app.type(' 你好世界');
  await app.waitForText('› hello 你好世界');
  const wide = await caretAfter(app, 'hello 你好世界');
  expect(wide.column).toBe(2 + 6 + 8);
  expect(await terminalCursor(app)).toEqual(wide);

  // Left over two wide characters: four columns back.
  await app.write('\x1b[D\x1b[D');
  await until(async () => (await terminalCursor(app)).column === wide.column - 4, 'the move');
  expect(await terminalCursor(app)).toEqual({ ...wide, column: wide.column - 4 });

  await app.press('ctrlU');
  await app.type('clean up', true);
  await app.waitForText('Run this command?', 20_000);
  await until(async () => !(await terminalCursor(app)).shown, 'the cursor to hide');
  await waitForChoices(app);
  await app.type('y');
  await app.waitForText('ok', 20_000);
  await until(async () => (await terminalCursor(app)).shown, 'the cursor to show');
  const empty = await app.screen();
  const inputRow = empty.findLastIndex((line) => line.startsWith('› '));
  expect(await terminalCursor(app)).toEqual({ row: inputRow, column: 2, shown: true });
});

test('in a multi-line input the cursor sits at the caret on its line, and the view follows it after a long paste', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const server = await scriptedServer(cleanups, [{ text: 'ok' }]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);

  // Ctrl+J adds a line: the caret ends on the second one.
  await app.type('first line');
  app.write('\n');
  await app.type('second');
  await app.waitForText('  second');
  const second = await app.screen();
  const row = second.findLastIndex((line) => line === '  second');
  await until(async () => (await terminalCursor(app)).row === row, 'the cursor on the second line');
  expect(await terminalCursor(app)).toEqual({ row, column: 8, shown: true });

  // Up moves the caret to the first line: the cursor follows it.
  await app.write('\x1b[A');
  await until(
    async () => (await terminalCursor(app)).row === row - 1,
    'the cursor on the first line',
  );
  expect((await terminalCursor(app)).column).toBe(2 + 6);

  // A 61-line paste: the caret is at its end, so the input shows its end and the cursor is there.
  await app.press('ctrlU');
  const pasted = Array.from({ length: 61 }, (_, i) => `pasted line ${i + 1}`).join('\r');
  app.write(`\x1b[200~${pasted}\x1b[201~`);
  await app.waitForText('pasted line 61');
  const screen = await app.screen();
  expect(screen.join('\n')).toMatch(/↑ \d+ lines above/);
  expect(screen.join('\n')).not.toContain('pasted line 1\n');
  const last = screen.findIndex((line) => line.endsWith('pasted line 61'));
  await until(async () => (await terminalCursor(app)).row === last, 'the cursor on the last line');
  expect(await terminalCursor(app)).toEqual({
    row: last,
    column: stringWidth(screen[last]),
    shown: true,
  });
  // What is typed next lands there, in sight.
  await app.type(' and more');
  await app.waitForText('pasted line 61 and more');
});
