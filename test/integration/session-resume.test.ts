import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { runPrintCommand } from '../../src/print/print-command';
import { tempDir, testConfig } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import {
  ensureBuilt,
  sentHistory,
  sessionFiles,
  spawnTick,
  tickEnv,
  waitUntil,
} from './session-support';

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: ScriptedTurn[]): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

const plan = [
  { content: 'Write notes.txt', status: 'completed' },
  { content: 'Count the files', status: 'in_progress', activeForm: 'Counting the files' },
];

/** One prompt: a todo list, a file written, then two glob rounds without todo_write. */
const firstScript = (): ScriptedTurn[] => [
  { toolCalls: [{ name: 'todo_write', arguments: { todos: plan } }] },
  { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'n\n' } }] },
  { toolCalls: [{ name: 'glob', arguments: { pattern: '*.txt' } }] },
  { text: 'Counted one file so far.' },
];

async function recordFirst(home: string, cwd: string) {
  const server = await serve(firstScript());
  const run = await runTick(
    ['-p', 'take notes', '--permission-mode', 'acceptEdits', '--output-format', 'json'],
    { cwd, env: tickEnv(server.baseURL, home) },
  );
  expect(run.exitCode).toBe(0);
  return { server, id: JSON.parse(run.stdout).session_id as string };
}

describe('resuming in print mode', () => {
  it('-c sends the whole history with the next request and restores the todo list', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const first = await recordFirst(home, cwd);
    const lastRequest = first.server.requests.at(-1)?.body;

    const second = await serve([{ text: 'Two files now.' }]);
    const run = await runTick(['-p', '-c', 'go on', '--output-format', 'json'], {
      cwd,
      env: tickEnv(second.baseURL, home),
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.session_id).toBe(first.id);
    expect(out.todos).toEqual(plan);
    const sent = sentHistory(second.requests[0].body);
    expect(sent).toEqual([
      ...sentHistory(lastRequest),
      { role: 'assistant', content: 'Counted one file so far.' },
      { role: 'user', content: 'go on' },
    ]);
    // Still one session: resuming appended to it.
    expect(sessionFiles(home)).toHaveLength(1);
  });

  it('-r ID resumes that session, also by a unique prefix, and restores the reminder count', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const first = await recordFirst(home, cwd);
    // A newer session that -c would pick; -r must not.
    const other = await serve([{ text: 'other' }]);
    await runTick(['-p', 'something else'], { cwd, env: tickEnv(other.baseURL, home) });

    // The first session ended after two tool rounds without todo_write (write_file, glob):
    // one more makes three, so the reminder follows it (a fresh count would not get there).
    const second = await serve([
      { toolCalls: [{ name: 'glob', arguments: { pattern: '*' } }] },
      { text: 'done' },
    ]);
    const run = await runTick(['-p', '-r', first.id.slice(0, 8), 'go on'], {
      cwd,
      env: tickEnv(second.baseURL, home),
    });
    expect(run.exitCode).toBe(0);
    const sent = sentHistory(second.requests[0].body);
    expect(sent[0]).toEqual({ role: 'user', content: 'take notes' });
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'go on' });
    const reminder = { role: 'user', content: '<reminder>Update your todos.</reminder>' };
    expect(sent).not.toContainEqual(reminder);
    expect(sentHistory(second.requests[1].body).at(-1)).toEqual(reminder);
  });

  it.each([4, 5])('-r with a %i-character id prefix resumes that session', async (length) => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const first = await recordFirst(home, cwd);
    const second = await serve([{ text: 'resumed' }]);
    const run = await runTick(
      ['-p', '-r', first.id.slice(0, length), 'go on', '--output-format', 'json'],
      { cwd, env: tickEnv(second.baseURL, home) },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ session_id: first.id, result: 'resumed' });
    expect(sentHistory(second.requests[0].body)[0]).toEqual({
      role: 'user',
      content: 'take notes',
    });
  });

  it('-r with a prompt but no usable id never drops the prompt in silence: it exits non-zero saying why', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const first = await recordFirst(home, cwd);
    const server = await serve([{ text: 'never' }]);
    const env = tickEnv(server.baseURL, home);
    // Too short to be an id: the sessions are listed, the prompt is not run.
    const short = await runTick(['-p', '-r', first.id.slice(0, 3), 'go on'], { cwd, env });
    expect(short.exitCode).toBe(2);
    expect(short.stdout).toContain(first.id);
    expect(short.stderr).toBe(
      'tick: -r without a session id only lists the sessions; the prompt was not run. Resume one with `tick -p -r ID "PROMPT"` (ID: the id, or at least 4 characters of it)\n',
    );
    // An id that names no session says so.
    const unknown = first.id.startsWith('ffff') ? 'eeee' : 'ffff';
    const missing = await runTick(['-p', '-r', unknown, 'go on'], { cwd, env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toBe(
      `tick: no session '${unknown}' in this workspace (${cwd}); \`tick sessions\` lists them\n`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('-r without an id lists the sessions, newest first, with first prompt and todo progress', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const first = await recordFirst(home, cwd);
    const other = await serve([{ text: 'ok' }]);
    const later = await runTick(['-p', 'second task', '--output-format', 'json'], {
      cwd,
      env: tickEnv(other.baseURL, home),
    });
    const laterId = JSON.parse(later.stdout).session_id as string;

    const out: string[] = [];
    const config = testConfig('http://127.0.0.1:9/v1', { cwd, home });
    const code = await runPrintCommand(
      config,
      { kind: 'run', print: true, format: 'text', resume: { kind: 'pick' } },
      { stdout: (text) => out.push(text), stderr: (text) => out.push(text) },
    );
    expect(code).toBe(0);
    const lines = out.join('').split('\n');
    expect(lines[0]).toMatch(/^ID\s+STARTED\s+TODOS\s+FIRST PROMPT$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${laterId}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+0/0\\s+second task$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${first.id}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+1/2\\s+take notes$`),
    );
  });

  it('refuses to resume a session another live tick is writing, then resumes it once that one ends', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await serve([{ text: 'finally', waitFor: () => held }]);
    const busy = spawnTick(['-p', 'wait for me'], { cwd, env: tickEnv(server.baseURL, home) });
    await waitUntil(() => server.requests.length > 0);

    const refused = await runTick(['-p', '-c', 'me too'], {
      cwd,
      env: tickEnv(server.baseURL, home),
    });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^tick: session [0-9a-f-]+ is in use by another tick process \\(pid ${busy.child.pid}\\); close it first\\n$`,
      ),
    );
    const [file] = sessionFiles(home);
    const before = readFileSync(file, 'utf8');
    release();
    expect(await busy.exited).toBe(0);
    expect(readFileSync(file, 'utf8').startsWith(before)).toBe(true);

    const next = await serve([{ text: 'now it works' }]);
    const resumed = await runTick(['-p', '-c', 'me too'], {
      cwd,
      env: tickEnv(next.baseURL, home),
    });
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stdout).toBe('now it works\n');
  });
});

describe('resuming damaged files', () => {
  async function recorded() {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    await recordFirst(home, cwd);
    const [file] = sessionFiles(home);
    return { home, cwd, file };
  }

  it('a torn last line is skipped with a notice, and the resumed request has everything before it', async () => {
    const { home, cwd, file } = await recorded();
    appendFileSync(file, '{"kind":"message","t":1,"message":{"role":"user","content":"lo');
    const before = readFileSync(file, 'utf8');
    const lineCount = before.split('\n').length;
    const server = await serve([{ text: 'fine' }]);
    const run = await runTick(['-p', '-c', 'go on'], { cwd, env: tickEnv(server.baseURL, home) });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe(
      `tick: ${file} line ${lineCount}: ignored a torn last line (an interrupted write)\n`,
    );
    expect(sentHistory(server.requests[0].body).at(-1)).toEqual({ role: 'user', content: 'go on' });
    expect(readFileSync(file, 'utf8').startsWith(before)).toBe(true);

    // The torn line stays in the file, and later loads skip it silently.
    const again = await serve([{ text: 'still fine' }]);
    const rerun = await runTick(['-p', '-c', 'and again'], {
      cwd,
      env: tickEnv(again.baseURL, home),
    });
    expect(rerun.stderr).toBe('');
    expect(rerun.stdout).toBe('still fine\n');
  });

  it.each([
    [
      'a foreign file',
      () => ['{"type":"summary","summary":"not ours"}', ''],
      'line 1: not a tick session file (no header)',
    ],
    [
      'a newer format',
      (lines: string[]) => ((lines[0] = lines[0].replace('"v":1', '"v":7')), lines),
      'line 1: written by a newer tick (format v7; this tick reads up to v1); upgrade tick to open it',
    ],
  ])(
    '%s: a clear error naming the file and line, and the file is unchanged',
    async (_name, damage, message) => {
      const { home, cwd, file } = await recorded();
      writeFileSync(file, damage(readFileSync(file, 'utf8').split('\n')).join('\n'));
      const before = readFileSync(file);
      const server = await serve([{ text: 'never' }]);
      const run = await runTick(['-p', '-c', 'go on'], { cwd, env: tickEnv(server.baseURL, home) });
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toBe(`tick: ${file} ${message}\n`);
      expect(server.requests).toHaveLength(0);
      expect(readFileSync(file).equals(before)).toBe(true);
      // And no lock is left behind to block the next attempt.
      const again = await runTick(['-p', '-c', 'go on'], {
        cwd,
        env: tickEnv(server.baseURL, home),
      });
      expect(again.stderr).toBe(`tick: ${file} ${message}\n`);
    },
  );

  it('a damaged line in the middle is skipped with one warning naming the file and line; the request has everything before and after it', async () => {
    const { home, cwd, file } = await recorded();
    const lines = readFileSync(file, 'utf8').split('\n');
    const messages = lines.filter((line) => line.startsWith('{"kind":"message"'));
    // An event line between messages: the history itself is whole.
    const damaged = lines.findIndex((line) => line.includes('"type":"todos_updated"'));
    lines[damaged] = lines[damaged].slice(0, 30);
    writeFileSync(file, lines.join('\n'));
    const server = await serve([{ text: 'fine' }]);
    const run = await runTick(['-p', '-c', 'go on'], { cwd, env: tickEnv(server.baseURL, home) });
    expect(run.stderr).toBe(
      `tick: ${file} line ${damaged + 1}: skipped a damaged line (not valid JSON); the rest of the session is kept\n`,
    );
    expect(run.exitCode).toBe(0);
    expect(sentHistory(server.requests[0].body)).toEqual([
      ...messages.map((line) => JSON.parse(line).message),
      { role: 'user', content: 'go on' },
    ]);
    // tick export reads it the same way.
    const exported = await runTick(['export', JSON.parse(lines[0]).id], {
      cwd,
      env: { TICK_HOME: home },
    });
    expect(exported.exitCode).toBe(0);
    expect(exported.stderr).toBe(run.stderr);
    expect(exported.stdout).toContain('Counted one file so far.');
  });

  it('a hand-edited line with wrong types is skipped with a warning naming the file, line and field; resume goes on with a history the API accepts', async () => {
    const { home, cwd, file } = await recorded();
    const lines = readFileSync(file, 'utf8').split('\n');
    const edited = lines.findIndex((line) => line.includes('"tool_calls"'));
    const record = JSON.parse(lines[edited]);
    const lostCall = record.message.tool_calls[0].id;
    record.message.tool_calls = 'todo_write';
    lines[edited] = JSON.stringify(record);
    writeFileSync(file, lines.join('\n'));
    const server = await serve([{ text: 'fine' }]);
    const run = await runTick(['-p', '-c', 'go on'], { cwd, env: tickEnv(server.baseURL, home) });
    expect(run.stderr).toBe(
      `tick: ${file} line ${edited + 1}: skipped a damaged line (message.tool_calls: a list expected, found text); the rest of the session is kept\n`,
    );
    expect(run.exitCode).toBe(0);
    const sent = sentHistory(server.requests[0].body);
    // The call's result went with its call; every other message is there.
    expect(
      sent.some((message) => message.role === 'tool' && message.tool_call_id === lostCall),
    ).toBe(false);
    expect(sent.filter((message) => message.role === 'tool')).toHaveLength(2);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'go on' });
  });
});
