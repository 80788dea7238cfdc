import { describe, expect, test } from 'vitest';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

const STEPS = [
  'Read the failing test and the module it covers',
  'Find where the cart total loses a cent',
  'Write a test for the rounding of discounts',
  'Check the other callers of the total',
];

describe('plan panels on a small screen', { timeout: 60_000 }, () => {
  test('at 60x16 the clamped todo panel shows the item in progress', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    // The model left the first step for later: the item in progress is not the first open one.
    const todos = [
      { content: 'Ask about refunds', activeForm: 'Asking about refunds', status: 'pending' },
      ...STEPS.map((content) => ({ content, activeForm: content, status: 'completed' })),
      {
        content: 'Fix the rounding',
        activeForm: 'Fixing the rounding of the cart total before tax',
        status: 'in_progress',
      },
      { content: 'Run the whole test suite', activeForm: 'Running the suite', status: 'pending' },
    ];
    const server = await scriptedServer(cleanups, [
      { toolCalls: [{ name: 'todo_write', arguments: { todos } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'sleep 4' } }] },
      { text: 'Done.' },
    ]);
    const app = appInPty(
      cleanups,
      ['--permission-mode', 'bypassPermissions'],
      { cwd, env: modelEnv(server, home) },
      { cols: 60, rows: 16 },
    );
    await app.waitForText('Type a task', 20_000);
    await app.type('fix the cart', true);
    const screen = await app.waitForText(/bash\s+sleep 4/, 20_000);
    expect(screen).toContain('Todos 4/7');
    // The item in progress is on screen (wrapped at this width), the done ones are counted.
    expect(screen).toContain('Fixing the rounding of the cart total');
    expect(screen).toMatch(/… \d above/);
  });
});

describe('the task panel beside the transcript', { timeout: 60_000 }, () => {
  test('"blocked by #1" and "@owner" never break inside; task_list says what it found; the hint says tasks', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    // Subjects one letter longer each: one of them puts the panel's edge inside the phrase.
    const subjects = Array.from({ length: 8 }, (_, i) => `Check case ${'x'.repeat(i + 1)}`);
    const server = await scriptedServer(cleanups, [
      {
        toolCalls: [
          { name: 'task_create', arguments: { subject: 'Write the parser' } },
          ...subjects.map((subject) => ({
            name: 'task_create',
            arguments: { subject, blockedBy: ['1'] },
          })),
        ],
      },
      {
        toolCalls: [
          {
            name: 'task_update',
            arguments: { taskId: '1', owner: 'reviewer', status: 'in_progress' },
          },
          { name: 'task_list', arguments: {} },
        ],
      },
      { text: 'Listed.' },
    ]);
    const env = { ...modelEnv(server, home), TICK_TASK_LIST_ID: 'panel-list' };
    const app = appInPty(
      cleanups,
      ['--tasks', '--permission-mode', 'bypassPermissions'],
      { cwd, env },
      { cols: 120, rows: 40 },
    );
    await app.waitForText('Type a task', 20_000);
    await app.type('plan the checks', true);
    const screen = await app.waitForText('Listed.', 20_000);
    const panel = screen
      .split('\n')
      .filter((row) => row.includes('│ '))
      .map((row) => row.slice(row.indexOf('│ ') + 2));
    // Each waiting task says "blocked by #1" whole, on its row or the next; no row breaks it.
    expect(panel.join('\n').match(/blocked by #1/g)).toHaveLength(subjects.length);
    for (const row of panel) expect(row).not.toMatch(/blocked( by)?$|^\s*(by|#1)\b/);
    expect(panel.join('\n')).toContain('@reviewer');
    // task_list's card says what it found; the status line's hint names the task panel.
    expect(screen).toMatch(/✓ task_list.*\n\s+9 tasks: 0 completed, 1 in progress/);
    expect(screen).toContain('ctrl+t tasks');
  });
});
