import { expect, test } from 'vitest';
import { sleep, type PtySession } from '../support/pty';
import type { Script } from '../support/scripted-server';
import {
  appInPty,
  appTestFile,
  modelEnv,
  scriptedServer,
  tempFolder,
  waitForChoices,
} from '../support/tick-app';

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

interface Scene {
  what: string;
  /** The model's answers, from the first prompt on. */
  script: () => Script;
  /** Brings a fresh app (a task already typed) to the state the resize happens in. */
  reach: (app: PtySession) => Promise<unknown>;
}

/** A screen with what moves by itself made still: spinners, counted seconds, durations. */
function still(rows: string[]): string[] {
  return rows.map((row) => row.replace(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g, '*').replace(/\b\d+(\.\d+)?m?s\b/g, 'Ns'));
}

/** The app in `cwd` at `size`, given `scene`'s task and brought to its state. */
async function appIn(scene: Scene, cwd: string, size: { cols: number; rows: number }) {
  const server = await scriptedServer(cleanups, scene.script());
  const home = tempFolder(cleanups, 'tick-resize-home-');
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) }, size);
  await app.waitForText('Type a task', 20_000);
  await app.type('build it', true);
  await scene.reach(app);
  return app;
}

const TODOS = [plan('in_progress', 'pending')];
const scenes: Scene[] = [
  {
    what: 'idle after a todo session',
    script: () => [
      { toolCalls: TODOS },
      { toolCalls: [{ name: 'bash', arguments: { command: 'echo built' } }] },
      { toolCalls: [plan('completed', 'in_progress')] },
      { text: 'All done: the build ran and printed its line; the report follows.' },
    ],
    reach: (app) => app.waitForText('All done:', 20_000),
  },
  {
    what: 'a question waiting',
    script: () => [
      { toolCalls: TODOS },
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
      { text: 'unreached' },
    ],
    reach: (app) => waitForChoices(app),
  },
  {
    what: 'an answer streaming',
    script: () => [
      { toolCalls: TODOS },
      {
        // One chunk of text on screen (after the role chunk), then the stream holds.
        text: `${'The build is running and this answer streams in while the terminal changes size. '.repeat(3)}\n\nA second paragraph that has not arrived yet.`,
        chunkSize: 260,
        fault: { kind: 'stall', afterChunks: 2 },
      },
    ],
    reach: (app) => app.waitForText('changes size.', 20_000),
  },
];

for (const scene of scenes) {
  for (const [from, to] of [
    [
      { cols: 120, rows: 36 },
      { cols: 90, rows: 36 },
    ],
    [
      { cols: 120, rows: 36 },
      { cols: 80, rows: 24 },
    ],
  ] as const) {
    test(
      `${scene.what}, side panel shown: after ${from.cols}x${from.rows} -> ${to.cols}x${to.rows} every row is what a fresh start at the new size draws`,
      { timeout: 90_000 },
      async () => {
        const cwd = tempFolder(cleanups, 'tick-resize-');
        const resized = await appIn(scene, cwd, from);
        expect((await resized.screen()).some((row) => row.includes('│ Todos'))).toBe(true);
        await resized.resize(to.cols, to.rows);
        // The reference: the same session started at the new size, never resized.
        const fresh = await appIn(scene, cwd, to);
        await sleep(800);
        const expected = still(await fresh.screen());
        const actual = still(await resized.screen());
        expect(actual.join('\n')).toBe(expected.join('\n'));
      },
    );
  }
}
