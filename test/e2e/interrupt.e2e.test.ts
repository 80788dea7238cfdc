import { describe, expect, test } from 'vitest';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

type Sent = { role: string; content?: unknown };

describe('Esc while an answer streams', { timeout: 60_000 }, () => {
  test('the partial answer stays on screen and goes back to the model with a note', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const server = await scriptedServer(cleanups, [
      { text: words, chunkSize: 6, delayMs: 25 },
      { text: 'Carrying on.' },
    ]);
    const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
    await app.waitForText('Type a task', 20_000);
    await app.type('explain', true);
    await app.waitForText('word5 ');
    await app.press('escape');
    await app.waitForText('Interrupted.');
    const screen = await app.screenText();
    expect(screen).toContain('word0 word1');

    await app.type('go on', true);
    await app.waitForText('Carrying on.');
    const messages = (server.requests[1].body.messages as Sent[]).slice(1);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    const answer = String(messages[1].content);
    expect(answer).toMatch(
      /^word0 word1 word2 word3 word4 word5 .*\n\n\[interrupted by the user\]$/s,
    );
    expect(answer.length).toBeLessThan(words.length);
    expect(messages[2]).toEqual({ role: 'user', content: 'go on' });
  });
});
