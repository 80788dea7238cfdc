import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import type { Script, ScriptedServer } from '../../src/demo/scripted-server';
import { sleep, type PtySession } from '../support/pty';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';

// A subagent opened full screen while it works: its own streamed text and cards, Esc back,
// Ctrl+C there stops that child alone. These run bin/tick.js (dist/): `npm run build` first.
const cleanups = appTestFile();

async function start(
  script: Script,
  where = { cwd: tempFolder(cleanups, 'tick-e2e-'), home: tempFolder(cleanups, 'tick-home-') },
): Promise<{ session: PtySession; server: ScriptedServer }> {
  const server = await scriptedServer(cleanups, script);
  const { cwd, home } = where;
  const session = appInPty(
    cleanups,
    [],
    { cwd, env: modelEnv(server, home) },
    { cols: 100, rows: 30 },
  );
  await session.waitForText('Type a task', 20_000);
  return { session, server };
}

const agentCall = (id: string, description: string, prompt: string) => ({
  id,
  name: 'agent',
  arguments: { description, prompt },
});
const bash = (command: string) => ({ name: 'bash', arguments: { command } });

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

const FOOTER = /Esc back · Ctrl\+C stop this agent/;

describe('a subagent opened full screen', { timeout: 90_000 }, () => {
  test('its streamed text and its own card show live; Esc goes back to the main screen', async () => {
    const TASK = 'SURVEYOR: survey the parser';
    // Slow enough to watch: about 4 s of text after a short command.
    const answer =
      'CHILD-BEGINS the parser reads tokens one by one and builds a tree of nodes, ' +
      'then it checks every node for errors and reports them with line numbers CHILD-ENDS';
    const { session } = await start({
      main: [
        { toolCalls: [agentCall('call_a', 'Survey the parser', TASK)] },
        { text: 'MAIN-AFTER: the survey is back.' },
      ],
      conversations: {
        [TASK]: [
          { text: 'CHILD-FIRST looking at it.', toolCalls: [bash('sleep 1; echo parser-read')] },
          { text: answer, chunkSize: 4, delayMs: 120 },
        ],
      },
    });
    await session.type('survey the code', true);
    // The card says how to open it.
    await session.waitFor(
      (screen) => /agent\s+Survey the parser/.test(screen) && screen.includes('↓ to open'),
      20_000,
      'the running agent card with its hint',
    );
    // ↓ on the empty input: the list of subagents, the running one chosen.
    await session.press('down');
    const list = await session.waitForText('Subagents', 10_000);
    expect(list).toMatch(/› 1 ○ Survey the parser\s+general-purpose · running/);
    await session.press('enter');
    // The child's view: its header, its task, its text and its own card, its keys.
    const view = await session.waitFor(
      (screen) => FOOTER.test(screen) && /bash\s+sleep 1; echo parser-read/.test(screen),
      20_000,
      "the child's view with its bash card",
    );
    expect(view).toMatch(/agent Survey the parser\s+general-purpose · agent-[0-9a-f]{8}/);
    expect(view).toContain(TASK);
    expect(view).toContain('CHILD-FIRST looking at it.');
    // The main agent's screen is not shown: no input, no parent card.
    expect(view).not.toContain('survey the code');
    // Its answer streams in the view: seen part-way, then whole.
    const partway = await session.waitFor(
      (screen) => screen.includes('CHILD-BEGINS') && !screen.includes('CHILD-ENDS'),
      20_000,
      "the child's answer part-way",
    );
    expect(partway).toMatch(FOOTER);
    const whole = await session.waitForText('CHILD-ENDS', 20_000);
    expect(whole).toMatch(/parser-read/);
    // Esc: the main screen again, the parent's turn went on.
    await session.press('escape');
    const main = await session.waitForText('MAIN-AFTER: the survey is back.', 20_000);
    expect(main).not.toMatch(FOOTER);
    expect(main).toContain('survey the code');
    expect(main).toMatch(/✓ agent\s+Survey the parser/);
  });

  test('Ctrl+C in the view stops only that child; the parent gets its stopped result and goes on', async () => {
    const marker = `sleep ${(200 + Math.random() * 50).toFixed(3)}`;
    const TASK = 'WAITER: wait a long time';
    const { session, server } = await start({
      main: [
        { toolCalls: [agentCall('call_a', 'Wait around', TASK)] },
        { text: 'MAIN-GOES-ON after the stopped child.' },
      ],
      conversations: {
        [TASK]: [
          { text: 'CHILD-WAITING for it.', toolCalls: [bash(`echo waiting; ${marker}`)] },
          { text: 'never said' },
        ],
      },
    });
    await session.type('wait for it', true);
    await session.waitFor((screen) => screen.includes(marker), 20_000, "the child's command");
    // /agents while the turn runs, then the child's number.
    await session.type('/agents', true);
    await session.waitForText('Subagents', 10_000);
    await session.type('1');
    await session.waitFor(
      (screen) => FOOTER.test(screen) && screen.includes('CHILD-WAITING for it.'),
      20_000,
      "the child's view",
    );
    for (let i = 0; i < 30 && !processesWith(marker).length; i++) await sleep(100);
    expect(processesWith(marker).length).toBeGreaterThan(0);
    await session.press('ctrlC');
    // The child ends, stopped by the user; its command is killed.
    const stopped = await session.waitForText('Stopped by you (Ctrl+C)', 20_000);
    expect(stopped).toMatch(/⊖ bash\s+echo waiting/);
    // Said once: not the loop's "Interrupted." nor the parent's error as well.
    expect(stopped).not.toContain('Interrupted.');
    expect(stopped).not.toContain('the subagent was stopped by the user');
    for (let i = 0; i < 30 && processesWith(marker).length; i++) await sleep(100);
    expect(processesWith(marker)).toEqual([]);
    await session.press('escape');
    // The main session was not interrupted: the parent answers after the child's result.
    const main = await session.waitForText('MAIN-GOES-ON after the stopped child.', 20_000);
    expect(main).not.toContain('Interrupted.');
    expect(main).toMatch(/✗ agent\s+Wait around/);
    expect(main).toContain('Error: the subagent was stopped by the user');
    // The parent's model got the child's stopped result as the call's result.
    const last = server.requests[server.requests.length - 1].body as {
      messages: { role: string; content: string }[];
    };
    const result = last.messages.find((m) => m.role === 'tool');
    expect(result?.content).toMatch(/^Error: the subagent was stopped by the user/);
    expect(result?.content).toContain('CHILD-WAITING for it.');
  });

  test('a resumed session (tick -c) opens a finished child from the session log', async () => {
    const TASK = 'COUNTER: count the files';
    const where = {
      cwd: tempFolder(cleanups, 'tick-e2e-'),
      home: tempFolder(cleanups, 'tick-home-'),
    };
    const { session } = await start(
      {
        main: [
          { toolCalls: [agentCall('call_a', 'Count the files', TASK)] },
          { text: 'MAIN-DONE counting.' },
        ],
        conversations: {
          [TASK]: [
            { text: 'CHILD-COUNTS now.', toolCalls: [bash('echo three-files')] },
            { text: 'CHILD-ANSWER there are three files.' },
          ],
        },
      },
      where,
    );
    await session.type('count them', true);
    await session.waitForText('MAIN-DONE counting.', 20_000);
    await session.press('ctrlD');
    expect((await session.waitForExit()).exitCode).toBe(0);

    const server = await scriptedServer(cleanups, [{ text: 'unused' }]);
    const resumed = appInPty(cleanups, ['-c'], {
      cwd: where.cwd,
      env: modelEnv(server, where.home),
    });
    await resumed.waitForText('MAIN-DONE counting.', 20_000);
    await resumed.press('down');
    const list = await resumed.waitForText('Subagents', 10_000);
    expect(list).toMatch(/› 1 ✓ Count the files\s+general-purpose · done in/);
    await resumed.press('enter');
    const view = await resumed.waitFor((screen) => /^ Esc back/m.test(screen), 10_000, 'the view');
    expect(view).toContain(TASK);
    expect(view).toContain('CHILD-COUNTS now.');
    expect(view).toMatch(/✓ bash\s+echo three-files/);
    expect(view).toContain('CHILD-ANSWER there are three files.');
    expect(view).not.toContain('Ctrl+C stop this agent');
  });
});
