import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { PtySession, TICK_BIN } from '../support/pty';
import { waitForChoices } from '../support/tick-app';

// These run bin/tick.js, which runs dist/: `npm run build` first (npm test does).
beforeAll(() => {
  if (!existsSync(join(TICK_BIN, '../../dist/cli.js')))
    throw new Error('dist/ is missing: run `npm run build`');
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A workspace with a user's Claude Code setup in it, and the app started on it. */
async function start(
  script: Script,
  files: Record<string, string>,
): Promise<{ session: PtySession; server: ScriptedServer; cwd: string }> {
  const server = await startScriptedServer(script);
  cleanups.push(() => server.close());
  const cwd = mkdtempSync(join(tmpdir(), 'tick-e2e-'));
  const home = mkdtempSync(join(tmpdir(), 'tick-home-'));
  cleanups.push(
    () => rmSync(cwd, { recursive: true, force: true }),
    () => rmSync(home, { recursive: true, force: true }),
  );
  mkdirSync(join(cwd, '.git'));
  for (const [path, text] of Object.entries(files)) write(cwd, path, text);
  const session = new PtySession({
    cwd,
    cols: 110,
    rows: 40,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_MODEL: 'scripted-model',
      TICK_HOME: home,
    },
  });
  cleanups.push(() => session.dispose());
  await session.waitForText('Type a task', 20_000);
  return { session, server, cwd };
}

const GREET = [
  '---',
  'description: Greet someone by name',
  'argument-hint: [name]',
  '---',
  'Say hello to $1.',
  'Stamp: !`touch greeted.txt && echo STAMP-OK`',
  '',
].join('\n');
const SKILL = ['---', 'name: pdf', 'description: Fill in PDF forms.', '---', 'PDF body', ''].join(
  '\n',
);

describe("a user's commands and skills in the app", { timeout: 90_000 }, () => {
  test('/help lists them; /greet Ada asks for its ! line, then sends the expanded prompt', async () => {
    const { session, server, cwd } = await start([{ text: 'Hello, Ada!' }], {
      '.claude/commands/greet.md': GREET,
      '.claude/skills/pdf/SKILL.md': SKILL,
    });
    // /help answers before the session has loaded (it then knows only the built-in
    // commands); /memory waits for it.
    await session.type('/memory', true);
    await session.waitForText('Instruction files loaded', 10_000);
    await session.type('/help', true);
    const help = await session.waitForText('Your commands', 10_000);
    expect(help).toMatch(/\/greet \[name\]\s+Greet someone by name/);
    expect(help).toMatch(/\/pdf\s+Fill in PDF forms\./);
    await session.type('/greet Ada', true);
    const asked = await session.waitForText('Run this command?', 20_000);
    expect(asked).toContain('touch greeted.txt');
    expect(server.requests).toHaveLength(0);
    // A question's keys answer once it has been on screen a moment (typing never answers).
    await waitForChoices(session);
    await session.type('y');
    await session.waitForText('Hello, Ada!', 20_000);
    expect(existsSync(join(cwd, 'greeted.txt'))).toBe(true);
    const sent = JSON.stringify(server.requests[0].body.messages.at(-1));
    expect(sent).toContain('Say hello to Ada.');
    expect(sent).toContain('Stamp: STAMP-OK');
    // The screen shows the command as typed, not the body sent in its place.
    const screen = await session.screenText();
    expect(screen).toMatch(/\/greet Ada/);
    expect(screen).not.toContain('Say hello to');
  });

  test("a setup file's warning shows at start; /memory lists the instruction files loaded; a typo is still an unknown command", async () => {
    const { session } = await start([], {
      'AGENTS.md': 'Use tabs.\n@docs/notes.md\n',
      'docs/notes.md': 'Notes.\n',
      '.claude/commands/fetch.md': '---\nallowed-tools: WebFetch\n---\nFetch $1\n',
    });
    // Shown once the session has loaded, before any prompt.
    await session.waitForText(
      '.claude/commands/fetch.md:2: allowed-tools: WebFetch is not a tool tick has; WebFetch ignored',
      20_000,
    );
    await session.type('/memory', true);
    const memory = await session.waitForText('Instruction files loaded', 10_000);
    expect(memory).toMatch(/AGENTS\.md\s+\(project/);
    expect(memory).toMatch(/docs\/notes\.md\s+\(import, imported by AGENTS\.md/);
    await session.type('/gret', true);
    await session.waitForText('Unknown command /gret', 10_000);
  });
});
