import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { ensureBuilt, sessionFiles, spawnTick, tickEnv, waitUntil } from './session-support';

beforeAll(ensureBuilt, 120_000);

/** A control character other than newline and tab (what a terminal would act on). */
// eslint-disable-next-line no-control-regex -- what the test looks for
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: ScriptedTurn[]): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

const todos = (first: string, second: string) => ({
  todos: [
    { content: 'Write <index>.html', status: first },
    { content: 'Check it', status: second },
  ],
});

const workScript = (): ScriptedTurn[] => [
  {
    text: 'Plan first.',
    toolCalls: [{ name: 'todo_write', arguments: todos('in_progress', 'pending') }],
  },
  {
    toolCalls: [
      { name: 'write_file', arguments: { path: 'index.html', content: '<h1>hi</h1>\n' } },
    ],
  },
  { toolCalls: [{ name: 'todo_write', arguments: todos('completed', 'in_progress') }] },
  { toolCalls: [{ name: 'read_file', arguments: { path: 'index.html' } }] },
  { toolCalls: [{ name: 'todo_write', arguments: todos('completed', 'completed') }] },
  { text: 'Wrote **index.html** & checked it.' },
];

async function workspace() {
  return { home: tempDir('tick-home-'), cwd: tempDir('tick-ws-') };
}

async function record(ws: { home: string; cwd: string }, prompt: string, script: ScriptedTurn[]) {
  const server = await serve(script);
  const run = await runTick(
    ['-p', prompt, '--permission-mode', 'acceptEdits', '--output-format', 'json'],
    {
      cwd: ws.cwd,
      env: tickEnv(server.baseURL, ws.home),
    },
  );
  expect(run.exitCode).toBe(0);
  return JSON.parse(run.stdout).session_id as string;
}

const tick = (ws: { home: string; cwd: string }, args: string[]) =>
  runTick(args, { cwd: ws.cwd, env: { TICK_HOME: ws.home } });

describe('tick sessions', () => {
  it('says when the workspace has none', async () => {
    const ws = await workspace();
    const run = await tick(ws, ['sessions']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(`No sessions in this workspace (${ws.cwd}).\n`);
  });

  it('lists id, start, prompts, todos done/total, last activity and the first prompt, newest first', async () => {
    const ws = await workspace();
    const older = await record(ws, 'build the page', workScript());
    const newer = await record(ws, 'just say hi', [{ text: 'hi' }]);
    const run = await tick(ws, ['sessions']);
    expect(run.exitCode).toBe(0);
    const [head, ...rows] = run.stdout.trimEnd().split('\n');
    expect(head).toMatch(/^ID\s+STARTED\s+PROMPTS\s+TODOS\s+LAST ACTIVITY\s+FIRST PROMPT$/);
    const time = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d';
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      new RegExp(`^${newer}\\s+${time}\\s+1\\s+0/0\\s+${time}\\s+just say hi$`),
    );
    expect(rows[1]).toMatch(
      new RegExp(`^${older}\\s+${time}\\s+1\\s+2/2\\s+${time}\\s+build the page$`),
    );
  });

  it('shows an unreadable file with its error instead of failing the list', async () => {
    const ws = await workspace();
    const id = await record(ws, 'hello', [{ text: 'hi' }]);
    const dir = dirname(sessionFiles(ws.home)[0]);
    writeFileSync(join(dir, 'broken-123.jsonl'), 'not json\n');
    const run = await tick(ws, ['sessions']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(id);
    expect(run.stdout).toMatch(
      /broken-123 .*\(unreadable: .*broken-123\.jsonl line 1: not a tick session file \(no header\)\)/,
    );
  });

  it('rm with fewer than 4 characters of an id says a prefix needs 4, and removes nothing', async () => {
    const ws = await workspace();
    const id = await record(ws, 'hello', [{ text: 'hi' }]);
    const run = await tick(ws, ['sessions', 'rm', id.slice(0, 2)]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe(
      `tick: '${id.slice(0, 2)}' is too short to pick a session: give its id or at least 4 characters of it; \`tick sessions\` lists them\n`,
    );
    expect(sessionFiles(ws.home)).toHaveLength(1);
    const removed = await tick(ws, ['sessions', 'rm', id.slice(0, 4)]);
    expect(removed.stdout).toBe(`Removed session ${id}\n`);
  });

  it('rm removes a session, and refuses one a live tick is writing', async () => {
    const ws = await workspace();
    const id = await record(ws, 'hello', [{ text: 'hi' }]);
    const removed = await tick(ws, ['sessions', 'rm', id]);
    expect(removed.exitCode).toBe(0);
    expect(removed.stdout).toBe(`Removed session ${id}\n`);
    expect(sessionFiles(ws.home)).toEqual([]);
    const again = await tick(ws, ['sessions', 'rm', id]);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(`no session '${id}' in this workspace`);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await serve([{ text: 'done', waitFor: () => held }]);
    const busy = spawnTick(['-p', 'wait'], { cwd: ws.cwd, env: tickEnv(server.baseURL, ws.home) });
    await waitUntil(() => server.requests.length > 0);
    const [file] = sessionFiles(ws.home);
    const busyId = file.slice(file.lastIndexOf('/') + 1, -'.jsonl'.length);
    const refused = await tick(ws, ['sessions', 'rm', busyId]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toBe(
      `tick: session ${busyId} is in use by another tick process (pid ${busy.child.pid}); close it first\n`,
    );
    expect(existsSync(file)).toBe(true);
    release();
    await busy.exited;
  });
});

describe('tick export', () => {
  it('markdown: the prompt, the answers, each tool call with its result, and the todo history', async () => {
    const ws = await workspace();
    const id = await record(ws, 'build the page', workScript());
    const run = await tick(ws, ['export', id.slice(0, 6)]);
    expect(run.exitCode).toBe(0);
    const md = run.stdout;
    const inOrder = [
      `# tick session ${id}`,
      `- Workspace: \`${ws.cwd}\``,
      '- Prompts: 1 · Tool calls: 5 · Todos: 2/2 completed',
      '## 1. Prompt',
      '> build the page',
      'Plan first.',
      '**todo_write**',
      '**write_file** `index.html` · ok',
      '_While: Write <index>.html_',
      '**read_file** `index.html` · ok',
      '_While: Check it_',
      '<h1>hi</h1>',
      'Wrote **index.html** & checked it.',
      '_Ended: done after 6 model requests._',
      '## Todo history',
      '| 1 | Write <index>.html | completed |',
      '| 2 | Check it | completed |',
    ];
    let at = 0;
    for (const piece of inOrder) {
      const found = md.indexOf(piece, at);
      expect(found, `missing or out of order: ${piece}`).toBeGreaterThanOrEqual(at);
      at = found + piece.length;
    }
    const rows = md
      .split('\n')
      .filter((line) => line.startsWith('| 1 |') || line.startsWith('| 2 |'));
    expect(rows[0]).toMatch(
      /\| (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \| (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \| `write_file index.html` \|$/,
    );
    expect(rows[1]).toMatch(
      /\| (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \| (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \| `read_file index.html` \|$/,
    );
  });

  it('html: one self-contained page, escaped', async () => {
    const ws = await workspace();
    const id = await record(ws, 'build the <page>', workScript());
    const run = await tick(ws, ['export', id, '--format', 'html']);
    expect(run.exitCode).toBe(0);
    const html = run.stdout;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('build the &lt;page&gt;');
    expect(html).toContain('&lt;h1&gt;hi&lt;/h1&gt;');
    expect(html).toContain('<td>Write &lt;index&gt;.html</td><td>completed</td>');
    expect(html).not.toContain('<h1>hi</h1>');
    expect(html).not.toMatch(/<(script|link|img)\b|src=|href=/);
    expect(html.match(/<details class="tool"/g)).toHaveLength(5);
    // The answer's Markdown is rendered, its text escaped.
    expect(html).toContain('Wrote <strong>index.html</strong> &amp; checked it.');
    expect(html).toContain('Ended: done after 6 model requests.');
  });

  it('finds the session by id from any folder, and takes --format markdown', async () => {
    const ws = await workspace();
    const id = await record(ws, 'build the page', workScript());
    const elsewhere = { home: ws.home, cwd: tempDir('tick-elsewhere-') };
    const run = await tick(elsewhere, ['export', id.slice(0, 8), '--format', 'markdown']);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(`# tick session ${id}`);
    expect(run.stdout).toContain(`- Workspace: \`${ws.cwd}\``);
    expect(run.stdout).toContain('Wrote **index.html** & checked it.');
  });

  it("a command's escapes, BEL and NUL bytes reach neither the model nor the export", async () => {
    const ws = await workspace();
    const noisy =
      "printf '\\033[31mred\\033[0m \\a\\033]0;title\\007 a\\0b\\r\\n10%%\\r100%%\\ndone\\n'";
    const server = await serve([
      { toolCalls: [{ name: 'bash', arguments: { command: noisy } }] },
      { text: 'Printed.' },
    ]);
    const run = await runTick(
      ['-p', 'print it', '--permission-mode', 'bypassPermissions', '--output-format', 'json'],
      { cwd: ws.cwd, env: tickEnv(server.baseURL, ws.home) },
    );
    expect(run.exitCode).toBe(0);
    const id = JSON.parse(run.stdout).session_id as string;
    const toModel = server.requests[1].body.messages.find(
      (m: { role: string }) => m.role === 'tool',
    ).content as string;
    // Colours and the title are gone, a redrawn line is its last state, BEL and NUL are shown.
    expect(toModel).toBe('red ^G a^@b\n100%\ndone');
    for (const format of ['markdown', 'html']) {
      const exported = await tick(ws, ['export', id, '--format', format]);
      expect(exported.exitCode).toBe(0);
      expect(exported.stdout).toContain('red ^G a^@b');
      expect(exported.stdout).not.toMatch(CONTROL);
    }
  });

  it('a session recorded with raw control bytes (an older tick) exports without them', async () => {
    const ws = await workspace();
    const id = await record(ws, 'build the page', workScript());
    const [file] = sessionFiles(ws.home);
    const raw = readFileSync(file, 'utf8').replaceAll(
      '<h1>hi</h1>',
      '<h1>hi</h1>\\u001b]0;pwned\\u0007\\u001b[2J\\u0000\\u0007',
    );
    expect(raw).toContain('pwned');
    writeFileSync(file, raw);
    for (const format of ['markdown', 'html']) {
      const exported = await tick(ws, ['export', id, '--format', format]);
      expect(exported.stdout).not.toMatch(CONTROL);
      expect(exported.stdout).not.toContain('pwned');
      expect(exported.stdout).toContain('^@^G');
    }
  });

  it('a call in the same model turn as the todo_write that moved the plan is credited to the new item', async () => {
    const ws = await workspace();
    const id = await record(ws, 'build the page', [
      {
        toolCalls: [
          { name: 'todo_write', arguments: todos('in_progress', 'pending') },
          { name: 'write_file', arguments: { path: 'index.html', content: '<h1>hi</h1>\n' } },
        ],
      },
      {
        toolCalls: [
          { name: 'todo_write', arguments: todos('completed', 'in_progress') },
          { name: 'read_file', arguments: { path: 'index.html' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const run = await tick(ws, ['export', id]);
    expect(run.exitCode).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => /^\| [12] \|/.test(line));
    expect(rows[0]).toContain('`write_file index.html`');
    expect(rows[0]).not.toContain('read_file');
    expect(rows[1]).toContain('`read_file index.html`');
  });

  it('an unknown id is a clear error', async () => {
    const ws = await workspace();
    const run = await tick(ws, ['export', 'abcdef12']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe(
      `tick: no session 'abcdef12' in any workspace (${join(ws.home, 'projects')}); \`tick sessions\` lists them\n`,
    );
  });
});
