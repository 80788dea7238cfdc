/* eslint-disable no-control-regex -- the tests look for terminal escape sequences */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { PtySession, TICK_BIN, sleep } from '../support/pty';
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

interface Started {
  session: PtySession;
  server: ScriptedServer;
  cwd: string;
}

async function start(script: Script, size = { cols: 100, rows: 30 }): Promise<Started> {
  const server = await startScriptedServer(script);
  cleanups.push(() => server.close());
  const cwd = mkdtempSync(join(tmpdir(), 'tick-e2e-'));
  const home = mkdtempSync(join(tmpdir(), 'tick-home-'));
  cleanups.push(
    () => rmSync(cwd, { recursive: true, force: true }),
    () => rmSync(home, { recursive: true, force: true }),
  );
  const session = new PtySession({
    cwd,
    ...size,
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

const todos = (statuses: string[]) => ({
  name: 'todo_write',
  arguments: {
    todos: [
      { content: 'Run the slow step', activeForm: 'Running the slow step', status: statuses[0] },
      { content: 'Report back', activeForm: 'Reporting back', status: statuses[1] },
    ],
  },
});

/** Processes whose command line contains `marker` (the test's own pgrep excluded). */
function processesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', marker], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() && !line.includes('pgrep'));
  } catch {
    return [];
  }
}

// A real program in a real terminal on a shared machine: generous time limits.
describe('the app against a scripted model', { timeout: 90_000 }, () => {
  test('the todo panel shows the activeForm while bash runs, and ticks when the model updates it', async () => {
    const { session } = await start([
      { text: 'Planning.', toolCalls: [todos(['in_progress', 'pending'])] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'sleep 2; echo slow-step-done' } }] },
      { toolCalls: [todos(['completed', 'in_progress'])] },
      { text: 'All done.' },
    ]);
    await session.type('do the slow thing', true);
    const running = await session.waitFor(
      (screen) => /bash\s+sleep 2; echo slow-step-done/.test(screen) && !screen.includes('✓ bash'),
      20_000,
      'the running bash card',
    );
    expect(running).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Running the slow step \d+s/);
    expect(running).toContain('Todos 0/2');
    const after = await session.waitForText('All done.', 20_000);
    expect(after).toContain('☑ Run the slow step');
    expect(after).toContain('Todos 1/2');
    expect(after).toMatch(/✓ bash\s+sleep 2; echo slow-step-done/);
    expect(after).toContain('slow-step-done');
  });

  for (const answer of ['y', 'n'] as const) {
    test(`a risky command waits for the key and ${answer === 'y' ? 'runs after y' : 'is denied after n'}`, async () => {
      const { session, cwd, server } = await start([
        { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
        { text: 'Finished the clean-up.' },
      ]);
      mkdirSync(join(cwd, 'build'));
      writeFileSync(join(cwd, 'build', 'out.js'), 'stale');
      await session.type('clean up', true);
      const asked = await session.waitForText('Run this command?', 20_000);
      expect(asked).toContain('rm -rf build');
      await sleep(500);
      expect(existsSync(join(cwd, 'build'))).toBe(true);
      expect(server.requests).toHaveLength(1);
      await waitForChoices(session);
      await session.type(answer);
      const done = await session.waitForText('Finished the clean-up.', 20_000);
      if (answer === 'y') {
        expect(done).toMatch(/✓ bash\s+rm -rf build/);
        expect(existsSync(join(cwd, 'build'))).toBe(false);
      } else {
        expect(done).toMatch(/⊘ bash\s+rm -rf build/);
        expect(existsSync(join(cwd, 'build', 'out.js'))).toBe(true);
        const toolMessage = server.requests[1].body.messages.find(
          (m: { role: string }) => m.role === 'tool',
        );
        expect(toolMessage.content).toMatch(/denied/i);
      }
    });
  }

  test('Esc interrupts a long bash call, kills it, and the session goes on', async () => {
    const marker = `sleep ${(100 + Math.random() * 50).toFixed(3)}`;
    const { session } = await start([
      { toolCalls: [{ name: 'bash', arguments: { command: `echo started; ${marker}` } }] },
      { text: 'Second answer.' },
    ]);
    await session.type('wait a while', true);
    await session.waitFor(
      (screen) => screen.includes('started') && screen.includes(marker),
      20_000,
      'the running command',
    );
    await sleep(300);
    expect(processesWith(marker).length).toBeGreaterThan(0);
    await session.press('escape');
    const screen = await session.waitForText('Interrupted.', 10_000);
    expect(screen).toMatch(new RegExp(`⊖ bash\\s+echo started; ${marker.replace('.', '\\.')}`));
    // What it printed, then one line; not the words meant for the model.
    expect(screen).toMatch(/^ {2}started\n {2}Cancelled$/m);
    expect(screen).not.toContain('command aborted');
    expect(screen).not.toContain('(no output)');
    for (let i = 0; i < 30 && processesWith(marker).length; i++) await sleep(100);
    expect(processesWith(marker)).toEqual([]);
    await session.type('go on', true);
    await session.waitForText('Second answer.', 20_000);
  });

  test('Ctrl+C twice exits, restores the terminal and prints the conversation', async () => {
    const { session } = await start([{ text: 'Hello from the scripted model.' }]);
    expect(await session.inAlternateScreen()).toBe(true);
    expect(session.term.modes.bracketedPasteMode).toBe(true);
    await session.type('say hello', true);
    await session.waitForText('Hello from the scripted model.', 20_000);
    await session.waitForText('shift+tab mode', 10_000);
    // Idle: no spinner, no clock, nothing is drawn.
    await sleep(300);
    const idle = session.mark();
    await sleep(1200);
    expect(session.since(idle)).toBe('');
    await session.press('ctrlC');
    await session.waitForText('Press Ctrl+C again to exit');
    await session.press('ctrlC');
    const exit = await session.waitForExit(10_000);
    expect(exit.exitCode).toBe(0);
    expect(await session.inAlternateScreen()).toBe(false);
    expect(session.term.modes.bracketedPasteMode).toBe(false);
    // The cursor is shown again after the last time it was hidden.
    expect(session.raw.lastIndexOf('\x1b[?25h')).toBeGreaterThan(
      session.raw.lastIndexOf('\x1b[?25l'),
    );
    const normal = await session.normalBuffer();
    expect(normal).toContain('› say hello');
    expect(normal).toContain('Hello from the scripted model.');
  });

  test('SIGTERM restores the terminal too', async () => {
    const { session } = await start([{ text: 'unused' }]);
    process.kill(session.pid, 'SIGTERM');
    const exit = await session.waitForExit(10_000);
    expect(exit.exitCode).toBe(143);
    expect(await session.inAlternateScreen()).toBe(false);
    expect(session.raw.lastIndexOf('\x1b[?25h')).toBeGreaterThan(
      session.raw.lastIndexOf('\x1b[?25l'),
    );
  });

  test('a 20-row terminal never receives a full-screen clear while streaming', async () => {
    const answer = Array.from(
      { length: 60 },
      (_, i) => `Line ${i + 1} of a long streamed answer, in plain words.`,
    ).join('\n\n');
    const { session } = await start([{ text: answer, chunkSize: 6, delayMs: 3 }], {
      cols: 80,
      rows: 20,
    });
    const mark = session.mark();
    await session.type('stream a lot', true);
    await session.waitForText('Line 60 of a long streamed answer', 30_000);
    const streamed = session.since(mark);
    expect(streamed).not.toContain('\x1b[2J');
    expect(streamed).not.toContain('\x1b[3J');
    // Nothing is drawn on the last row, so the screen never scrolls by itself.
    expect(streamed).not.toMatch(/\x1b\[20;\d+H/);
    const screen = await session.screen();
    expect(screen[19]).toBe('');
    expect(screen[18]).toMatch(/^scripted-model · default/);
    // Scrolled, not repainted: the bytes stay near the size of the text (a repaint per
    // frame would be about 15x; cursor moves and the status row add up to ~1.8x when the
    // machine is busy and frames come apart).
    expect(streamed.length).toBeLessThan(answer.length * 3);
  });
});
