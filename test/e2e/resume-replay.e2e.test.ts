import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ScriptedTurn } from '../../src/demo/scripted-server';
import { sleep } from '../support/pty';
import { runTick } from '../support/run-cli';
import {
  appInPty,
  modelEnv,
  printRun,
  scriptedServer,
  tempFolder,
  appTestFile,
} from '../support/tick-app';

const cleanups = appTestFile();

const todoWrite = (todos: [string, string][]): ScriptedTurn => ({
  toolCalls: [
    {
      name: 'todo_write',
      arguments: { todos: todos.map(([content, status]) => ({ content, status })) },
    },
  ],
});

/** Every file under a folder (relative path -> content), the session-free part of a workspace. */
function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return out;
}

describe('resume picker and live replay in the app', { timeout: 120_000 }, () => {
  test('tick -r lists sessions newest first; Enter on the second resumes it with its todos and history', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const older = await printRun(
      cleanups,
      [
        todoWrite([
          ['Sketch the alpha module', 'completed'],
          ['Wire the alpha tests', 'pending'],
        ]),
        { text: 'Alpha planned.' },
      ],
      ['plan the alpha work'],
      { cwd, home },
    );
    expect(older.exitCode).toBe(0);
    await sleep(20);
    const newer = await printRun(
      cleanups,
      [
        todoWrite([
          ['Beta one', 'completed'],
          ['Beta two', 'completed'],
          ['Beta three', 'in_progress'],
        ]),
        { text: 'Beta planned.' },
      ],
      ['plan the beta work'],
      { cwd, home },
    );
    expect(newer.exitCode).toBe(0);

    const server = await scriptedServer(cleanups, [{ text: 'Carrying on with alpha.' }]);
    const app = appInPty(cleanups, ['-r'], { cwd, env: modelEnv(server, home) });
    const picker = await app.waitForText('Resume a session', 20_000);
    const beta = picker.indexOf('plan the beta work');
    const alpha = picker.indexOf('plan the alpha work');
    expect(beta).toBeGreaterThan(-1);
    expect(alpha).toBeGreaterThan(beta);
    expect(picker).toMatch(/› plan the beta work/);
    expect(picker).toContain('todos 2/3');
    expect(picker).toContain('todos 1/2');

    await app.press('down');
    await app.waitForText('› plan the alpha work');
    await app.press('enter');
    // The restored list is on screen before anything is sent.
    const resumed = await app.waitForText('Type a task', 20_000);
    expect(resumed).toContain('Wire the alpha tests');
    expect(resumed).toContain('Todos 1/2');
    expect(resumed).toContain('plan the alpha work');
    expect(resumed).not.toContain('Beta three');
    expect(server.requests).toHaveLength(0);

    await app.type('go on', true);
    await app.waitForText('Carrying on with alpha.', 20_000);
    const messages = server.requests[0].body.messages as { role: string; content: unknown }[];
    const users = messages.filter((m) => m.role === 'user').map((m) => String(m.content));
    expect(users[0]).toContain('plan the alpha work');
    expect(users.at(-1)).toContain('go on');
    expect(JSON.stringify(messages)).toContain('Alpha planned.');
    expect(JSON.stringify(messages)).not.toContain('beta');
  });

  test('a command tick was killed in the middle of: tick -c shows it started and was interrupted, with its output', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const first = await scriptedServer(cleanups, [
      {
        toolCalls: [
          { name: 'bash', arguments: { command: 'echo started; sleep 45; echo finished' } },
        ],
      },
    ]);
    const killed = appInPty(cleanups, [], { cwd, env: modelEnv(first, home) });
    await killed.waitForText('Type a task', 20_000);
    await killed.type('run the slow thing', true);
    await killed.waitForText(/^\s+started$/m);
    killed.kill();
    await killed.waitForExit();

    const second = await scriptedServer(cleanups, [{ text: 'I will run it again.' }]);
    const app = appInPty(cleanups, ['-c'], { cwd, env: modelEnv(second, home) });
    const screen = await app.waitForText('this call started', 20_000);
    expect(screen).toMatch(/bash\s+echo started; sleep 45; echo finished/);
    expect(screen).toContain('interrupted');
    expect(screen).toMatch(/^\s+started$/m);
    expect(screen).not.toContain('not run');
  });

  test('tick -c with no session in this folder exits 1 and says so, in the app and in print mode', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const server = await scriptedServer(cleanups, [{ text: 'never asked' }]);
    const expected = `tick: no session to continue in this workspace (${cwd}); run \`tick\` to start one`;

    const app = appInPty(cleanups, ['-c'], { cwd, env: modelEnv(server, home) });
    expect((await app.waitForExit()).exitCode).toBe(1);
    expect(await app.inAlternateScreen()).toBe(false);
    expect((await app.normalBuffer()).replace(/\s+/g, ' ')).toContain(expected);

    const print = await runTick(['-p', '-c', 'go on'], { cwd, env: modelEnv(server, home) });
    expect(print.exitCode).toBe(1);
    expect(print.stderr).toBe(`${expected}\n`);
    expect(server.requests).toHaveLength(0);
    expect(readdirSync(home)).not.toContain('projects');
  });

  test('Esc in the picker exits 0 without starting a session', async () => {
    const cwd = tempFolder(cleanups, 'tick-e2e-');
    const home = tempFolder(cleanups, 'tick-home-');
    const recorded = await printRun(cleanups, [{ text: 'Hi.' }], ['say hi'], { cwd, home });
    expect(recorded.exitCode).toBe(0);
    const projects = join(home, 'projects');
    const sessionFiles = () =>
      readdirSync(projects).flatMap((slug) =>
        readdirSync(join(projects, slug)).map((name) => join(projects, slug, name)),
      );
    const before = sessionFiles().map((path) => [path, readFileSync(path, 'utf8')]);
    const server = await scriptedServer(cleanups, [{ text: 'unused' }]);
    const app = appInPty(cleanups, ['--resume'], { cwd, env: modelEnv(server, home) });
    await app.waitForText('› say hi', 20_000);
    await app.press('escape');
    const exit = await app.waitForExit(10_000);
    expect(exit.exitCode).toBe(0);
    expect(await app.inAlternateScreen()).toBe(false);
    expect(server.requests).toHaveLength(0);
    // Nothing changed: the same one session file, byte for byte, and no lock left.
    expect(sessionFiles().map((path) => [path, readFileSync(path, 'utf8')])).toEqual(before);
    expect(before).toHaveLength(1);
  });

  test('tick --replay FILE shows the recorded tool calls live and leaves the same files', async () => {
    const recordedCwd = tempFolder(cleanups, 'tick-e2e-rec-');
    const home = tempFolder(cleanups, 'tick-home-');
    const script: ScriptedTurn[] = [
      {
        text: 'Planning.',
        toolCalls: [
          {
            name: 'todo_write',
            arguments: {
              todos: [
                { content: 'Write the notes', status: 'in_progress' },
                { content: 'Count them', status: 'pending' },
              ],
            },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'write_file', arguments: { path: 'notes/a.txt', content: 'alpha\nbeta\n' } },
        ],
      },
      {
        toolCalls: [
          {
            name: 'edit_file',
            arguments: { path: 'notes/a.txt', old_text: 'beta', new_text: 'gamma' },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'bash',
            arguments: { command: 'sleep 1.5; wc -l notes/a.txt > notes/count.txt; echo counted' },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'todo_write',
            arguments: {
              todos: [
                { content: 'Write the notes', status: 'completed' },
                { content: 'Count them', status: 'completed' },
              ],
            },
          },
        ],
      },
      { text: 'Notes written and counted.' },
    ];
    const recorded = await printRun(
      cleanups,
      script,
      ['--permission-mode', 'acceptEdits', 'write and count the notes'],
      { cwd: recordedCwd, home },
    );
    expect(recorded.exitCode).toBe(0);
    const projects = join(home, 'projects');
    const [slug] = readdirSync(projects);
    const [file] = readdirSync(join(projects, slug)).filter((name) => name.endsWith('.jsonl'));
    const recording = join(projects, slug, file);

    const cwd = tempFolder(cleanups, 'tick-e2e-replay-');
    const replayHome = tempFolder(cleanups, 'tick-home-');
    // No model is configured: the replay needs none.
    const app = appInPty(cleanups, ['--replay', recording], {
      cwd,
      env: { OPENAI_BASE_URL: '', OPENAI_API_KEY: '', TICK_MODEL: '', TICK_HOME: replayHome },
    });
    // Live: the bash card is on screen while the command runs, with the todo panel.
    const running = await app.waitFor(
      (screen) => /bash\s+sleep 1\.5;/.test(screen) && !/✓ bash\s+sleep 1\.5/.test(screen),
      30_000,
      'the running bash card',
    );
    expect(running).toMatch(/✓ write_file\s+notes\/a\.txt/);
    expect(running).toMatch(/✓ edit_file\s+notes\/a\.txt/);
    expect(running).toContain('Write the notes');
    expect(running).toContain(`replay of ${file}`);
    const done = await app.waitForText('Replay finished', 30_000);
    expect(done).toContain('Notes written and counted.');
    expect(done).toMatch(/✓ bash\s+sleep 1\.5/);
    expect(done).toContain('Todos 2/2');
    expect(tree(cwd)).toEqual(tree(recordedCwd));

    // The app stays open; the scripted model says it has nothing more to say.
    await app.type('anything else?', true);
    await app.waitForText('The replay has ended', 20_000);
    await app.press('ctrlC');
    await app.press('ctrlC');
    expect((await app.waitForExit(10_000)).exitCode).toBe(0);
    // The banner named the whole file (the conversation is printed on the way out).
    const printed = (await app.normalBuffer()).replace(/\s+/g, '');
    expect(printed).toContain(`Replayof${recording}`);
  });
});
