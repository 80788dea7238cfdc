import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createGate } from '../support/scripted-server';
import { sleep, type PtySession } from '../support/pty';
import {
  appInPty,
  appTestFile,
  modelEnv,
  scriptedServer,
  tempFolder,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

/** A human typist's gap between two keys of a word. */
const KEY_GAP_MS = 130;

/** Polls the screen tightly (every 10 ms) so a key can land right after `text` appears. */
async function seen(app: PtySession, text: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await app.screenText()).includes(text)) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${text}`);
    await sleep(10);
  }
}

/**
 * A session whose model asks to run `rm -rf build` once the test opens the gate, so the
 * test decides when the question opens while the user is typing.
 */
async function askWhileTyping() {
  const gate = createGate();
  const server = await scriptedServer(cleanups, [
    { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }], waitFor: gate.wait },
    { text: 'Finished the clean-up.' },
  ]);
  const cwd = tempFolder(cleanups, 'tick-typing-');
  const home = tempFolder(cleanups, 'tick-typing-home-');
  mkdirSync(join(cwd, 'build'));
  writeFileSync(join(cwd, 'build', 'out.js'), 'stale');
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await app.waitForText('Type a task', 20_000);
  await app.type('clean up', true);
  await app.waitForText('Type to queue', 20_000);
  // The user reads for a while, then starts typing the next message.
  await sleep(1500);
  return { app, cwd, gate, server };
}

/**
 * Types `word` a key at a time at a human pace; the question opens after the first key,
 * and the second lands right after it appears on screen.
 */
async function typeAcrossTheQuestion(
  app: PtySession,
  gate: { open: () => void },
  word: string,
): Promise<void> {
  const [first, ...rest] = word;
  app.write(first);
  await sleep(KEY_GAP_MS);
  gate.open();
  await seen(app, 'Run this command?');
  for (const key of rest) {
    app.write(key);
    await sleep(KEY_GAP_MS);
  }
}

describe('typing while a question opens', { timeout: 90_000 }, () => {
  test('"may" typed across the moment the question opens allows nothing: it stays in the draft', async () => {
    const { app, cwd, gate, server } = await askWhileTyping();
    await typeAcrossTheQuestion(app, gate, 'may');
    await sleep(300);
    const asking = await app.screenText();
    expect(asking).toContain('Run this command?');
    expect(asking).toMatch(/waiting for a pause in typing · your draft: may/);
    expect(existsSync(join(cwd, 'build', 'out.js'))).toBe(true);
    expect(server.requests).toHaveLength(1);

    // Once the user stops typing, the keys answer: n denies, and the draft is still there.
    await waitForChoices(app);
    expect(await app.screenText()).toMatch(/your draft: may/);
    await app.type('n');
    const done = await app.waitForText('Finished the clean-up.', 20_000);
    expect(done).toMatch(/⊘ bash\s+rm -rf build/);
    expect(existsSync(join(cwd, 'build', 'out.js'))).toBe(true);
    const screen = await app.screen();
    // The draft is the input's text, not sent: the transcript holds the first prompt only.
    expect(screen.filter((row) => row.startsWith('› '))).toEqual(['› clean up', '› may']);
  });

  test('"the" typed across it opens no note box; the e is typing', async () => {
    const { app, gate, cwd } = await askWhileTyping();
    await typeAcrossTheQuestion(app, gate, 'the');
    await sleep(300);
    const asking = await app.screenText();
    expect(asking).not.toContain('note:');
    expect(asking).toMatch(/your draft: the/);
    await waitForChoices(app);
    await app.type('y');
    await app.waitForText('Finished the clean-up.', 20_000);
    expect(existsSync(join(cwd, 'build'))).toBe(false);
    const screen = await app.screen();
    // The draft is the input's text, not sent: the transcript holds the first prompt only.
    expect(screen.filter((row) => row.startsWith('› '))).toEqual(['› clean up', '› the']);
  });

  test('a question that opens while nobody types takes a key once it has been on screen', async () => {
    const { app, gate, cwd } = await askWhileTyping();
    gate.open();
    await seen(app, 'Run this command?');
    // Right after it opens the prompt says it waits; a moment later the keys answer.
    expect(await app.screenText()).toMatch(/waiting a moment before keys answer/);
    await waitForChoices(app);
    await app.type('y');
    await app.waitForText('Finished the clean-up.', 20_000);
    expect(existsSync(join(cwd, 'build'))).toBe(false);
  });

  test('text pasted while a question waits stays in the draft; a pasted "a" allows nothing', async () => {
    const { app, gate, cwd, server } = await askWhileTyping();
    gate.open();
    await waitForChoices(app);
    // A paste of one choice letter, then two lines, as a terminal with bracketed paste sends them.
    app.write('\x1b[200~a\x1b[201~');
    await sleep(200);
    app.write('\x1b[200~then run the linter\rand the tests\x1b[201~');
    await sleep(300);
    expect(existsSync(join(cwd, 'build', 'out.js'))).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(await app.screenText()).toMatch(/your draft: athen run the linter and the tests/);
    await waitForChoices(app);
    await app.type('n');
    await app.waitForText('Finished the clean-up.', 20_000);
    const screen = await app.screen();
    const input = screen.findIndex((row) => row === '› athen run the linter');
    expect(input, screen.join('\n')).toBeGreaterThan(0);
    expect(screen[input + 1]).toBe('  and the tests');
  });

  test('text pasted into the note box joins the note; its line break sends nothing', async () => {
    const { app, gate, server } = await askWhileTyping();
    gate.open();
    await waitForChoices(app);
    await app.type('e');
    await app.waitForText('note:');
    app.write('\x1b[200~use the trash\rinstead\x1b[201~');
    await sleep(300);
    expect(await app.screenText()).toContain('note: use the trash instead');
    expect(server.requests).toHaveLength(1);
    await app.press('enter');
    await app.waitForText('Finished the clean-up.', 20_000);
    const tool = server.requests[1].body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(tool.content).toContain('use the trash instead');
  });
});
