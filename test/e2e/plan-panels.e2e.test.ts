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
