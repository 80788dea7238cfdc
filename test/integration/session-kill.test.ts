import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import {
  completeLines,
  delay,
  ensureBuilt,
  liveMembers,
  recordedMessages,
  recordedTodos,
  sentHistory,
  sessionFiles,
  spawnTick,
  survivorsOf,
  tickEnv,
  waitUntil,
} from './session-support';

const INTERRUPTED = 'Error: not run: the session was interrupted';

/** A session of seven model answers, streamed slowly so a kill lands in every phase of it. */
function slowScript(): ScriptedTurn[] {
  const pace = { delayMs: 8, chunkSize: 6 };
  const todos = (a: string, b: string, c: string) => ({
    todos: [
      { content: 'Write a.txt', status: a },
      { content: 'Write b.txt', status: b },
      { content: 'List the files', status: c },
    ],
  });
  return [
    {
      ...pace,
      text: 'I will plan this first.',
      toolCalls: [{ name: 'todo_write', arguments: todos('in_progress', 'pending', 'pending') }],
    },
    {
      ...pace,
      toolCalls: [
        { name: 'write_file', arguments: { path: 'a.txt', content: 'alpha\n'.repeat(20) } },
      ],
    },
    {
      ...pace,
      toolCalls: [{ name: 'todo_write', arguments: todos('completed', 'in_progress', 'pending') }],
    },
    {
      ...pace,
      text: 'Now b.',
      toolCalls: [
        { name: 'write_file', arguments: { path: 'b.txt', content: 'beta\n'.repeat(20) } },
      ],
    },
    {
      ...pace,
      toolCalls: [
        { name: 'todo_write', arguments: todos('completed', 'completed', 'in_progress') },
      ],
    },
    { ...pace, toolCalls: [{ name: 'glob', arguments: { pattern: '*.txt' } }] },
    {
      ...pace,
      toolCalls: [{ name: 'todo_write', arguments: todos('completed', 'completed', 'completed') }],
    },
    { ...pace, text: 'All three steps are done: a.txt and b.txt exist and were listed.' },
  ];
}

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

// 22 kill points from start-up (no file yet) to past the end, spread unevenly between phases.
const KILL_DELAYS_MS = Array.from({ length: 22 }, (_, i) => 200 + i * 115 + ((i * 37) % 50));

describe('kill -9 at any moment leaves a resumable session', () => {
  it.each(KILL_DELAYS_MS)(
    'killed after %i ms: complete lines parse and -c resumes with history and todos',
    async (killAfterMs) => {
      const home = tempDir('tick-home-');
      const cwd = tempDir('tick-ws-');
      const first = await startScriptedServer(slowScript());
      servers.push(first);
      const run = spawnTick(['-p', 'write a.txt and b.txt', '--permission-mode', 'acceptEdits'], {
        cwd,
        env: tickEnv(first.baseURL, home),
      });
      await delay(killAfterMs);
      run.child.kill('SIGKILL');
      await run.exited;

      // What the killed process left, read before anything else touches it.
      const files = sessionFiles(home);
      const before = files.length ? readFileSync(files[0], 'utf8') : '';
      const lines = files.length ? completeLines(files[0]) : [];

      const second = await startScriptedServer([{ text: 'Resumed and finished.' }]);
      servers.push(second);
      const resumed = await runTick(['-p', '-c', 'go on', '--output-format', 'json'], {
        cwd,
        env: tickEnv(second.baseURL, home),
      });
      if (files.length === 0) {
        // Killed before the first record: there is nothing to continue, and tick says so.
        expect(resumed.exitCode).toBe(1);
        expect(resumed.stderr).toContain('no session to continue in this workspace');
        return;
      }
      expect(files).toHaveLength(1);
      const [file] = files;
      expect(lines[0]).toMatchObject({ kind: 'header', v: 1 });

      expect(resumed.stderr.replace(/tick: .* ignored a torn last line.*\n/, '')).toBe('');
      expect(resumed.exitCode).toBe(0);
      const out = JSON.parse(resumed.stdout);
      expect(out.result).toBe('Resumed and finished.');
      expect(out.session_id).toBe(lines[0].id);
      expect(out.todos).toEqual(recordedTodos(lines));

      // The resumed request carries every recorded message, then answers for calls the
      // kill cut off, then the new prompt.
      expect(second.requests).toHaveLength(1);
      const sent = sentHistory(second.requests[0].body);
      const recorded = recordedMessages(lines);
      expect(sent.slice(0, recorded.length)).toEqual(recorded);
      const between = sent.slice(recorded.length, -1);
      // A call starts with its `started` line, written before the tool runs.
      const started = new Set(
        lines.filter((line) => line.kind === 'started').map((line) => line.id as string),
      );
      for (const message of between) {
        expect(message.role).toBe('tool');
        const id = message.role === 'tool' ? message.tool_call_id : '';
        // A call the kill caught while it ran says so; one it never reached was not run.
        if (started.has(id))
          expect(message.content).toMatch(/^Error: interrupted: this call started/);
        else expect(message.content).toBe(INTERRUPTED);
      }
      expect(sent.at(-1)).toEqual({ role: 'user', content: 'go on' });

      // Resuming appended; not a byte of what the killed process wrote changed.
      const after = readFileSync(file, 'utf8');
      expect(after.startsWith(before)).toBe(true);
      expect(completeLines(file).length).toBeGreaterThan(lines.length);
    },
    30_000,
  );
});

const COMMAND = 'echo "started in group $$"; sleep 45; echo finished';

describe('kill -9 while a command runs', () => {
  it('the command group dies with tick, and resume says the call started and was interrupted, with its output', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const first = await startScriptedServer([
      { toolCalls: [{ name: 'bash', arguments: { command: COMMAND } }] },
      { text: 'never reached' },
    ]);
    servers.push(first);
    const run = spawnTick(['-p', 'run it', '--allowedTools', 'bash'], {
      cwd,
      env: tickEnv(first.baseURL, home),
    });
    // The output reaches the session log while the command runs.
    let group = 0;
    await waitUntil(() => {
      const [file] = sessionFiles(home);
      const match = file && /started in group (\d+)/.exec(readFileSync(file, 'utf8'));
      if (match) group = Number(match[1]);
      return group > 0;
    }, 20_000);
    expect(liveMembers(group)).toHaveLength(2); // bash and its sleep
    run.child.kill('SIGKILL');
    await run.exited;
    // The watchdog sees tick's pipe close and kills the command's whole group.
    expect(await survivorsOf(group)).toEqual([]);

    const second = await startScriptedServer([{ text: 'Understood, I will check.' }]);
    servers.push(second);
    const resumed = await runTick(['-p', '-c', 'what happened?', '--output-format', 'json'], {
      cwd,
      env: tickEnv(second.baseURL, home),
    });
    expect(resumed.stderr).toBe('');
    expect(resumed.exitCode).toBe(0);
    const sent = sentHistory(second.requests[0].body);
    expect(sent.find((message) => message.role === 'tool')?.content).toBe(
      'Error: interrupted: this call started, but the session ended (tick was closed or killed) ' +
        'before it finished, so it may have done part of its work. Output before that:\n' +
        `started in group ${group}`,
    );
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'what happened?' });
  }, 60_000);
});
