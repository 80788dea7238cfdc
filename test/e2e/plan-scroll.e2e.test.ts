import { describe, expect, test } from 'vitest';
import type { PtySession } from '../support/pty';
import { MAX_TODOS } from '../../src/todos/validate';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

/** `Step 07` (two digits, so no step's name is inside another's). */
const step = (n: number) => `Step ${String(n).padStart(2, '0')}`;

/**
 * A plan as long as todo_write takes (MAX_TODOS, 20): 5 done, the 6th in progress, the rest
 * to do. (The 40-item plan is the task list's, below.)
 */
const PLAN = Array.from({ length: MAX_TODOS }, (_, i) => ({
  content: `${step(i + 1)} of the migration`,
  activeForm: `Migrating step ${i + 1}`,
  status: i < 5 ? 'completed' : i === 5 ? 'in_progress' : 'pending',
}));

/** The steps on screen, in order (the one in progress by its activeForm). */
async function stepsShown(app: PtySession): Promise<number[]> {
  const screen = await app.screenText();
  return [...screen.matchAll(/Step (\d\d) of|Migrating step (\d+)/g)].map((match) =>
    Number(match[1] ?? match[2]),
  );
}

/** The app with the 20-item plan written, the turn over. */
async function planned(size: { cols: number; rows: number }): Promise<PtySession> {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const server = await scriptedServer(cleanups, [
    { toolCalls: [{ name: 'todo_write', arguments: { todos: PLAN } }] },
    { text: 'Planned the migration.' },
  ]);
  const app = appInPty(
    cleanups,
    ['--permission-mode', 'bypassPermissions'],
    { cwd, env: modelEnv(server, home) },
    size,
  );
  await app.waitForText('Type a task', 20_000);
  await app.type('plan the migration', true);
  await app.waitForText('Planned the migration.', 20_000);
  return app;
}

describe('the whole plan, scrolled', { timeout: 60_000 }, () => {
  test('at 80x16 a 20-item plan keeps the item in progress in view, Ctrl+T focuses it to scroll, Ctrl+T again folds it', async () => {
    const app = await planned({ cols: 80, rows: 16 });
    // Normal: the item in progress with the one before, the rest counted.
    let screen = await app.waitForText('Todos 5/20');
    expect(screen).toContain('Migrating step 6');
    expect(screen).toMatch(/… 4 done above, \d+ more/);
    expect(screen).toContain('ctrl+t to scroll');
    const normal = await stepsShown(app);
    expect(normal[0]).toBe(5);
    expect(normal).not.toContain(20);

    // Focused: the panel takes the rows above the input and says where it is.
    await app.press('ctrlT');
    screen = await app.waitForText(/items 5-\d+ of 20/);
    expect(screen).toContain('Migrating step 6');
    expect(screen).toContain('esc back');
    const focused = await stepsShown(app);
    expect(focused.length).toBeGreaterThan(normal.length);

    // End: the last steps, never shown before; the item in progress stays, pinned above them.
    await app.press('end');
    screen = await app.waitForText('Step 20 of the migration');
    expect(screen).toMatch(/items \d+-20 of 20/);
    expect(screen).toMatch(/↑ ▸ Migrating step 6\n☐ Step \d\d of the migration/);
    expect(screen).not.toContain('Step 05 of the migration');

    // Home: the first steps (done ones the normal view counted as "done above").
    await app.press('home');
    screen = await app.waitForText(/items 1-\d+ of 20/);
    expect(await stepsShown(app)).toEqual(Array.from({ length: focused.length }, (_, i) => i + 1));
    expect(screen).toContain('Step 01 of the migration');

    // Down moves one item; PgDn a page less one; PgUp and Up go back.
    await app.press('down');
    await app.waitForText(/items 2-\d+ of 20/);
    expect((await stepsShown(app))[0]).toBe(2);
    await app.press('pageDown');
    const paged = await app.waitFor((s) => !/items 2-/.test(s), 10_000, 'the page to move');
    const pageTop = Number(/items (\d+)-/.exec(paged)?.[1]);
    expect(pageTop).toBeGreaterThan(6);
    // The item in progress, now above the window, is pinned over it.
    expect((await stepsShown(app)).slice(0, 2)).toEqual([6, pageTop]);
    expect(paged).toContain('↑ ▸ Migrating step 6');
    // A page back (the window is a row shorter while an item is pinned: near where it was).
    await app.press('pageUp');
    await app.waitForText(/items [2-4]-\d+ of 20/);
    await app.press('up');
    await app.waitForText(/items [1-3]-\d+ of 20/);

    // While focused the arrows do not reach the prompt: no history was browsed into it, the
    // prompt still shows its placeholder.
    expect(await app.screenText()).toMatch(/─\n› Type a task/);

    // Ctrl+T again: folded to its header, which names the item in progress.
    await app.press('ctrlT');
    screen = await app.waitForText('ctrl+t to show');
    expect(screen).toMatch(/Todos 5\/20 · ▸ Migrating step 6/);
    // Only the header's step: no item rows.
    expect(await stepsShown(app)).toEqual([6]);
    // And once more: the normal view again.
    await app.press('ctrlT');
    await app.waitForText('ctrl+t to scroll');
    expect(await stepsShown(app)).toEqual(normal);
    await app.type('/exit', true);
    expect((await app.waitForExit()).exitCode).toBe(0);
  });

  test('Esc gives the focus back; typing while focused goes to the prompt and ends the focus', async () => {
    const app = await planned({ cols: 80, rows: 16 });
    await app.waitForText('ctrl+t to scroll');
    await app.press('ctrlT');
    await app.waitForText(/items 5-\d+ of 20/);
    await app.press('escape');
    await app.waitForText('ctrl+t to scroll');
    expect(await app.screenText()).not.toContain('esc back');

    await app.press('ctrlT');
    await app.waitForText(/items 5-\d+ of 20/);
    await app.press('end');
    await app.waitForText('Step 20 of the migration');
    await app.type('hello');
    const screen = await app.waitForText('› hello');
    expect(screen).toContain('ctrl+t to scroll');
    expect(screen).toContain('Migrating step 6');
    expect(screen).not.toContain('Step 20 of the migration');
  });

  test('while a turn runs: the panel scrolls, and Esc gives the focus back without interrupting', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [
      { toolCalls: [{ name: 'todo_write', arguments: { todos: PLAN } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'sleep 5; echo slept' } }] },
      { text: 'Migrated.' },
    ]);
    const app = appInPty(
      cleanups,
      ['--permission-mode', 'bypassPermissions'],
      { cwd, env: modelEnv(server, home) },
      { cols: 80, rows: 16 },
    );
    await app.waitForText('Type a task', 20_000);
    await app.type('migrate', true);
    await app.waitForText(/bash\s+sleep 5/, 20_000);
    await app.press('ctrlT');
    await app.waitForText(/items 5-\d+ of 20/);
    await app.press('end');
    await app.waitForText('Step 20 of the migration');
    await app.press('escape');
    await app.waitForText('ctrl+t to scroll');
    // The bash call ran to its end and the turn finished: Esc only gave the focus back.
    const screen = await app.waitForText('Migrated.', 20_000);
    expect(screen).toContain('slept');
    expect(screen).not.toMatch(/Cancelled|interrupted/);
  });

  test('at 120x30 the 20 items fit beside the transcript: all shown, and Ctrl+T folds at once', async () => {
    const app = await planned({ cols: 120, rows: 30 });
    await app.waitForText('Step 20 of the migration');
    expect(await stepsShown(app)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await app.screenText()).toContain('ctrl+t to fold');
    await app.press('ctrlT');
    // Folded: the header alone (its key hint is cut at the panel's width).
    const folded = await app.waitFor(
      (screen) => !screen.includes('Step 20 of the migration'),
      10_000,
      'the fold',
    );
    expect(folded).toMatch(/Todos 5\/20 · ▸ Migrating step 6/);
    expect(await stepsShown(app)).toEqual([6]);
    expect(await app.screen()).toHaveLength(30);
  });

  for (const size of [
    { cols: 80, rows: 24 },
    { cols: 40, rows: 10 },
  ])
    test(`at ${size.cols}x${size.rows} the plan scrolls too`, async () => {
      const app = await planned(size);
      await app.waitForText('Todos 5/20');
      expect(await app.screenText()).toContain('Migrating step 6');
      await app.press('ctrlT');
      // The header may be cut at 40 columns; the rows it shows are what count.
      await app.waitFor((s) => /items 5-/.test(s) || /Todos 5\/20/.test(s));
      await app.press('end');
      await app.waitForText('Step 20 of the migration');
      await app.press('home');
      await app.waitForText('Step 01 of the migration');
      await app.press('ctrlT');
      await app.waitFor((s) => !s.includes('Step 01 of the migration'), 10_000, 'the fold');
      // Every row of the screen is within the terminal; the prompt is still there.
      const rows = await app.screen();
      expect(rows).toHaveLength(size.rows);
      expect(rows.join('\n')).toMatch(/Todos 5\/20/);
      await app.type('/exit', true);
      expect((await app.waitForExit()).exitCode).toBe(0);
    });
});

describe('the whole task list, scrolled', { timeout: 60_000 }, () => {
  test('at 80x24 a 40-task list shows both tasks in progress, and Ctrl+T scrolls to every task', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const check = (n: number) => `Check ${String(n).padStart(2, '0')} of the release`;
    const server = await scriptedServer(cleanups, [
      {
        toolCalls: Array.from({ length: 40 }, (_, i) => ({
          name: 'task_create',
          arguments: { subject: check(i + 1), activeForm: `Checking ${i + 1}` },
        })),
      },
      {
        toolCalls: [
          ...Array.from({ length: 11 }, (_, i) => ({
            name: 'task_update',
            arguments: { taskId: String(i + 1), status: 'completed' },
          })),
          { name: 'task_update', arguments: { taskId: '12', status: 'in_progress' } },
          // Another agent's task in progress, far below: one in progress per owner.
          {
            name: 'task_update',
            arguments: { taskId: '31', owner: 'reviewer', status: 'in_progress' },
          },
        ],
      },
      { text: 'Started the release checks.' },
    ]);
    const env = { ...modelEnv(server, home), TICK_TASK_LIST_ID: 'scroll-list' };
    const app = appInPty(
      cleanups,
      ['--tasks', '--permission-mode', 'bypassPermissions'],
      { cwd, env },
      { cols: 80, rows: 24 },
    );
    await app.waitForText('Type a task', 20_000);
    await app.type('check the release', true);
    await app.waitForText('Started the release checks.', 20_000);
    let screen = await app.waitForText('Tasks 11/40');
    // Both tasks in progress are in the summarised view, the tasks between them counted.
    expect(screen).toContain('#12 Checking 12');
    expect(screen).toMatch(/#31 Checking 31\s+@reviewer/);
    expect(screen).toMatch(/… \d+ more\n.*#31 Checking 31/);
    expect(screen).not.toContain(check(40));

    await app.press('ctrlT');
    screen = await app.waitForText(/items 11-\d+ of 40/);
    expect(screen).toContain('#12 Checking 12');
    await app.press('end');
    screen = await app.waitForText(check(40));
    expect(screen).toContain('#31 Checking 31');
    await app.press('home');
    screen = await app.waitForText(check(1));
    // The other task in progress, far below, is pinned under the window.
    expect(screen).toMatch(/items 1-\d+ of 40/);
    expect(screen).toMatch(/↓ ▸ #31 Checking 31\s+@reviewer\n─/);
    await app.press('ctrlT');
    await app.waitForText('ctrl+t to show');
    await app.type('/exit', true);
    expect((await app.waitForExit()).exitCode).toBe(0);
  });
});
