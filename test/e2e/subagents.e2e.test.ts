import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

async function start(
  script: Script,
): Promise<{ session: PtySession; server: ScriptedServer; cwd: string }> {
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

const agentCall = (id: string, description: string, prompt: string) => ({
  id,
  name: 'agent',
  arguments: { description, prompt },
});
const bash = (command: string) => ({ name: 'bash', arguments: { command } });
const plan = (items: [string, string, string][]) => ({
  name: 'todo_write',
  arguments: {
    todos: items.map(([content, activeForm, status]) => ({ content, activeForm, status })),
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

describe('subagents in the app', { timeout: 90_000 }, () => {
  test('each running child shows its plan live, its tool count and latest call; finished, one line', async () => {
    const PA = 'CHILD-A: look at the parser';
    const PB = 'CHILD-B: look at the tests';
    const { session } = await start({
      main: [
        { toolCalls: [plan([['Delegate the survey', 'Delegating the survey', 'in_progress']])] },
        {
          toolCalls: [
            agentCall('call_a', 'Survey the parser', PA),
            agentCall('call_b', 'Survey the tests', PB),
          ],
        },
        { text: 'Both surveys are back.' },
      ],
      conversations: {
        [PA]: [
          {
            toolCalls: [
              plan([
                ['Read the parser', 'Reading the parser', 'in_progress'],
                ['Summarise', 'Summarising', 'pending'],
              ]),
            ],
          },
          { toolCalls: [bash('sleep 5; echo parser-read')] },
          { text: 'The parser is 120 lines.\nIt has no tests.' },
        ],
        [PB]: [
          { toolCalls: [plan([['Run the tests', 'Running the tests', 'in_progress']])] },
          { toolCalls: [bash('echo tests-one')] },
          { toolCalls: [bash('sleep 5; echo tests-ran')] },
          { text: 'All 12 tests pass.' },
        ],
      },
    });
    await session.type('survey the code', true);
    const running = await session.waitFor(
      (screen) =>
        screen.includes('Reading the parser') &&
        screen.includes('Running the tests') &&
        screen.includes('sleep 5; echo parser-read') &&
        screen.includes('sleep 5; echo tests-ran'),
      20_000,
      'both children running with their plans',
    );
    // The parent's plan stays the parent's.
    expect(running).toContain('Todos 0/1');
    expect(running).toContain('Delegating the survey');
    expect(running).not.toMatch(/Todos \d\/2/);
    // Each card: the description, the child's plan (spinner + activeForm), its count, latest call.
    expect(running).toMatch(/agent\s+Survey the parser/);
    expect(running).toMatch(/agent\s+Survey the tests/);
    expect(running).toMatch(/Plan 0\/2/);
    expect(running).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Reading the parser/);
    expect(running).toMatch(/1 tool call · \d+s/);
    expect(running).toMatch(/2 tool calls · \d+s/);
    expect(running).toMatch(/bash\s+sleep 5; echo parser-read/);
    // Only the latest call while collapsed: child B's first bash is not listed.
    expect(running).not.toMatch(/bash\s+echo tests-one/);
    // Ctrl+O expands the latest card (child B's): all of its calls.
    await session.press('ctrlO');
    await session.waitFor(
      (screen) => /bash\s+echo tests-one/.test(screen),
      10_000,
      'expanded calls',
    );
    await session.press('ctrlO');
    await session.waitFor((screen) => !/bash\s+echo tests-one/.test(screen), 10_000, 'collapsed');

    const done = await session.waitForText('Both surveys are back.', 30_000);
    expect(done).toMatch(/✓ agent\s+Survey the parser/);
    expect(done).toMatch(/The parser is 120 lines\. {2}\(3 turns, 2 tool calls, [\d.]+s\)/);
    expect(done).toMatch(/All 12 tests pass\. {2}\(4 turns, 3 tool calls, [\d.]+s\)/);
    expect(done).not.toContain('Reading the parser');
    expect(done).not.toContain('It has no tests.');
    expect(done).not.toContain('parser-read');
  });

  test("a child's approval comes up in the same prompt, naming the child", async () => {
    const PROMPT = 'CLEANER: remove the build folder';
    const { session, cwd } = await start({
      main: [{ toolCalls: [agentCall('call_a', 'Clean the build', PROMPT)] }, { text: 'Cleaned.' }],
      conversations: {
        [PROMPT]: [{ toolCalls: [bash('rm -rf build')] }, { text: 'build removed' }],
      },
    });
    mkdirSync(join(cwd, 'build'));
    await session.type('clean up', true);
    const asked = await session.waitForText('Run this command?', 20_000);
    expect(asked).toMatch(/subagent "Clean the build" \(agent-[0-9a-f]{8}\) asks/);
    expect(asked).toContain('rm -rf build');
    expect(asked).toContain('waiting for your approval');
    await waitForChoices(session);
    await session.type('y');
    const done = await session.waitForText('Cleaned.', 20_000);
    expect(done).toMatch(/build removed {2}\(2 turns, 1 tool call/);
    expect(existsSync(join(cwd, 'build'))).toBe(false);
  });

  test("Esc interrupts the children and kills a child's running command", async () => {
    const marker = `sleep ${(100 + Math.random() * 50).toFixed(3)}`;
    const PROMPT = 'WAITER: wait a long time';
    const { session } = await start({
      main: [{ toolCalls: [agentCall('call_a', 'Wait around', PROMPT)] }, { text: 'Next answer.' }],
      conversations: {
        [PROMPT]: [{ toolCalls: [bash(`echo waiting; ${marker}`)] }, { text: 'never' }],
      },
    });
    await session.type('wait', true);
    await session.waitFor(
      (screen) => screen.includes(marker),
      20_000,
      'the child running its command',
    );
    await sleep(300);
    expect(processesWith(marker).length).toBeGreaterThan(0);
    await session.press('escape');
    const screen = await session.waitForText('Interrupted.', 10_000);
    expect(screen).toMatch(/⊖ agent\s+Wait around/);
    for (let i = 0; i < 30 && processesWith(marker).length; i++) await sleep(100);
    expect(processesWith(marker)).toEqual([]);
    await session.type('go on', true);
    await session.waitForText('Next answer.', 20_000);
  });
});
