import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runTick } from '../support/run-cli';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

/** The panel's row for #2 saying what it waits for (wrapped under its gutter at 100 columns). */
const BLOCKED_IN_PANEL = /☐ #2 Test the parser[\s│]+blocked by #1/;

describe('the task panel in the app', { timeout: 120_000 }, () => {
  test('a blocked task shows "blocked by #1"; completing #1 from a second process updates the running app', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [
      {
        text: 'Planning.',
        toolCalls: [
          { name: 'task_create', arguments: { subject: 'Write the parser' } },
          {
            name: 'task_create',
            arguments: { subject: 'Test the parser', blockedBy: ['1'] },
          },
        ],
      },
      { text: 'Planned: two tasks.' },
    ]);
    const env = { ...modelEnv(server, home), TICK_TASK_LIST_ID: 'e2e-list' };
    const app = appInPty(cleanups, ['--tasks'], { cwd, env });
    await app.waitForText('Type a task', 20_000);
    await app.type('plan the parser', true);
    const planned = await app.waitForText('Planned: two tasks.', 20_000);
    expect(planned).toContain('Tasks 0/2');
    expect(planned).toMatch(/☐ #1 Write the parser/);
    expect(planned).toMatch(BLOCKED_IN_PANEL);
    expect(planned).toContain('Task #2 created: Test the parser (blocked by #1)');

    // Another tick, sharing the list, completes #1 while the app sits idle.
    const otherServer = await scriptedServer(cleanups, [
      { toolCalls: [{ name: 'task_update', arguments: { taskId: '1', status: 'completed' } }] },
      { text: 'Done.' },
    ]);
    // Watched while the other process runs: the change shows before that process has exited.
    let shownAt = 0;
    const panelUpdated = app
      .waitFor(
        (screen) => screen.includes('Tasks 1/2') && !BLOCKED_IN_PANEL.test(screen),
        30_000,
        'the panel with #1 completed',
      )
      .then((screen) => ((shownAt = Date.now()), screen));
    const other = await runTick(['-p', '--tasks', 'finish the first task'], {
      cwd,
      env: { ...modelEnv(otherServer, home), TICK_TASK_LIST_ID: 'e2e-list' },
    });
    expect(other.exitCode, other.stderr).toBe(0);
    expect(other.stdout).toBe('Done.\n');
    const updated = await panelUpdated;
    const written = statSync(join(home, 'tasks', 'e2e-list', '1.json')).mtimeMs;
    const lag = shownAt - written;
    expect(updated).toMatch(/☑ #1 Write the parser/);
    expect(updated).toMatch(/☐ #2 Test the parser/);
    // No model turn ran for it: the app made one request, for the prompt.
    expect(server.requests).toHaveLength(2);
    // Within about a second of the write (the folder is watched), even on a loaded machine.
    expect(lag).toBeLessThan(1_500);
  });
});
