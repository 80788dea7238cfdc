import { expect, test } from 'vitest';
import { sleep, type PtySession } from '../support/pty';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

const plan = (first: string, second: string) => ({
  name: 'todo_write',
  arguments: {
    todos: [
      { content: 'Wait for the build', activeForm: 'Waiting for the build', status: first },
      { content: 'Report', activeForm: 'Reporting', status: second },
    ],
  },
});

/**
 * Reads the whole screen and checks it holds one frame and nothing of an earlier one:
 * one status line (the frame's last row), one rule, and an empty last terminal row.
 */
async function expectOneFrame(app: PtySession, rows: number, what: string): Promise<string[]> {
  const screen = await app.screen();
  expect(screen, what).toHaveLength(rows);
  const statusRows = screen.filter((row) => /^scripted-model · /.test(row));
  expect(statusRows, `${what}: status lines\n${screen.join('\n')}`).toHaveLength(1);
  expect(screen[rows - 2], `${what}: the status line is the frame's last row`).toMatch(
    /^scripted-model · /,
  );
  const rules = screen.filter((row) => /^─{20,}$/.test(row));
  expect(rules, `${what}: rules\n${screen.join('\n')}`).toHaveLength(1);
  expect(screen[rows - 1], `${what}: the terminal's last row stays empty`).toBe('');
  expect(
    screen.filter((row) => row.includes('Todos ')),
    `${what}: todo headers`,
  ).toHaveLength(1);
  return screen;
}

test(
  'resizing while a bash call runs (120x30 -> 80x24 -> 100x30) leaves no stale row',
  { timeout: 90_000 },
  async () => {
    const server = await scriptedServer(cleanups, [
      { toolCalls: [plan('in_progress', 'pending')] },
      {
        toolCalls: [
          {
            name: 'bash',
            arguments: { command: 'echo build started; sleep 4; echo build finished' },
          },
        ],
      },
      { toolCalls: [plan('completed', 'completed')] },
      { text: 'All done.' },
    ]);
    const cwd = tempFolder(cleanups, 'tick-resize-');
    const home = tempFolder(cleanups, 'tick-resize-home-');
    const app = appInPty(
      cleanups,
      [],
      { cwd, env: modelEnv(server, home) },
      { cols: 120, rows: 30 },
    );
    await app.waitForText('Type a task', 20_000);
    await app.type('build it', true);
    await app.waitFor((screen) => screen.includes('build started'), 20_000, 'the running command');
    await expectOneFrame(app, 30, '120x30 busy');

    await app.resize(80, 24);
    await sleep(700);
    const narrow = await expectOneFrame(app, 24, '80x24 busy');
    // At 80 columns the panel sits above the input, not beside the transcript.
    expect(narrow.some((row) => row.includes('│ Todos'))).toBe(false);

    await app.resize(100, 30);
    await sleep(700);
    const wide = await expectOneFrame(app, 30, '100x30 busy');
    expect(wide.some((row) => /│ Todos 0\/2/.test(row))).toBe(true);

    await app.waitForText('All done.', 20_000);
    await app.resize(80, 24);
    await sleep(700);
    const idle = await expectOneFrame(app, 24, '80x24 idle');
    expect(idle.join('\n')).toContain('All done.');
  },
);
