import { describe, expect, test } from 'vitest';
import { startScriptedServer } from '../../src/demo/scripted-server';
import { appInPty, appTestFile, modelEnv, tempFolder } from '../support/tick-app';
import {
  bash,
  headOf,
  isSummaryRequest,
  printChars,
  todoWrite,
  workingModel,
} from '../integration/context-support';

const cleanups = appTestFile();

describe('the context in the app', { timeout: 120_000 }, () => {
  test('ctx N% in the status line, an auto-compaction as one transcript line, /compact [focus] by hand', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const model = workingModel([
      todoWrite([
        { content: 'Collect the logs', status: 'in_progress' },
        { content: 'Write the report', status: 'pending' },
      ]),
      ...Array.from({ length: 10 }, () => bash(printChars(1_980))),
      { text: 'Collected every log.' },
      { text: 'Carrying on from the summary.' },
    ]);
    const server = await startScriptedServer(model.script, { contextWindow: 6_000 });
    cleanups.push(() => server.close());
    const app = appInPty(
      cleanups,
      ['--permission-mode', 'bypassPermissions'],
      {
        cwd,
        env: { ...modelEnv(server, home), TICK_MODEL: 'scripted', TICK_CONTEXT_WINDOW: '6000' },
      },
      // Tall enough that the auto-compaction's line is still on screen after /compact's.
      { cols: 110, rows: 60 },
    );
    await app.waitForText('Type a task', 20_000);
    await app.type('collect the logs', true);
    await app.waitForText('Collected every log.', 60_000);

    // The auto-compaction is one line, with the earlier transcript above it.
    const screen = await app.screenText();
    expect(screen).toMatch(/Context compacted: \d+(\.\d)?k -> \d+(\.\d)?k tokens, plan kept/);
    expect(model.afterCompaction.length).toBeGreaterThanOrEqual(1);
    const status = (await app.screen()).filter((line) => /ctx \d+%/.test(line));
    expect(status).toHaveLength(1);
    const percent = Number(/ctx (\d+)%/.exec(status[0])?.[1]);
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThanOrEqual(100);

    // /compact with a focus: the summary is asked to keep it, the screen says so.
    const summariesBefore = model.summaries.length;
    await app.type('/compact keep the log counts', true);
    await app.waitForText(
      /Context compacted:[^\n]*\n(?:[^\n]*\n)*?[^\n]*Context compacted:/,
      30_000,
    );
    expect(model.summaries.length).toBeGreaterThan(summariesBefore);
    const focused = server.requests.filter(isSummaryRequest).at(-1);
    expect(focused?.body.messages[1].content).toContain(
      'Pay most attention to: keep the log counts',
    );

    // The next prompt goes out from the compacted history, with the plan.
    await app.type('go on', true);
    await app.waitForText('Carrying on from the summary.', 30_000);
    const next = server.requests.at(-1);
    expect(next && headOf(next)).toContain(model.summaries.at(-1));
    expect(next && headOf(next)).toContain('[>] Collect the logs\n[ ] Write the report');
  });
});
