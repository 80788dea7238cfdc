import { expect, test } from 'vitest';
import { sleep, type PtySession } from '../support/pty';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

/** Word keys as xterm sends them. */
const WORD_KEYS = {
  ctrlLeft: '\x1b[1;5D',
  ctrlRight: '\x1b[1;5C',
  altB: '\x1bb',
  altF: '\x1bf',
  altBackspace: '\x1b\x7f',
  altD: '\x1bd',
} as const;

/** Presses keys one at a time, as a person does. */
async function press(app: PtySession, ...keys: (keyof typeof WORD_KEYS)[]) {
  for (const key of keys) {
    app.write(WORD_KEYS[key]);
    await sleep(120);
  }
}

/**
 * Waits until the input reads `text` with the terminal's cursor `caret` characters into it
 * (at its end when not given), and fails naming what the screen shows instead.
 */
async function expectInput(app: PtySession, text: string, caret = text.length) {
  const shown = `› ${text}`.trimEnd(); // the screen's rows have their trailing spaces trimmed
  const started = Date.now();
  for (;;) {
    const screen = await app.screen();
    const row = screen.findIndex((line) => line === shown);
    const cursor = app.term.buffer.active;
    if (row !== -1 && cursor.cursorY === row && cursor.cursorX === 2 + caret) return;
    if (Date.now() - started > 5_000) {
      const input = screen.find((line) => line.startsWith('› '));
      expect({ input, caret: cursor.cursorX - 2 }).toEqual({ input: shown, caret });
    }
    await sleep(50);
  }
}

test('Ctrl+Left/Right and Alt+B/F move by words, Alt+Backspace and Alt+D delete one', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const server = await scriptedServer(cleanups, [{ text: 'ok' }]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);

  await app.type('git commit -m fix');
  // Two words back: the caret is before "m"; what is typed goes there.
  await press(app, 'ctrlLeft', 'ctrlLeft');
  await expectInput(app, 'git commit -m fix', 'git commit -'.length);
  await app.type('q');
  await expectInput(app, 'git commit -qm fix', 'git commit -q'.length);

  // To the end of this word, then of the next: the end of the line.
  await press(app, 'ctrlRight', 'altF');
  await expectInput(app, 'git commit -qm fix');
  await app.type(' now');

  // Back one word, then Alt+Backspace takes the word before it.
  await press(app, 'altB');
  await expectInput(app, 'git commit -qm fix now', 'git commit -qm fix '.length);
  await press(app, 'altBackspace');
  await expectInput(app, 'git commit -qm now', 'git commit -qm '.length);

  // Alt+D takes the word after the caret.
  await press(app, 'altD');
  await expectInput(app, 'git commit -qm ', 'git commit -qm '.length);
  await app.type('done');
  await expectInput(app, 'git commit -qm done');

  // Alt+B twice from the end (before "qm"), Alt+Backspace: "commit -" goes.
  await press(app, 'altB', 'altB', 'altBackspace');
  await expectInput(app, 'git qm done', 'git '.length);
});
