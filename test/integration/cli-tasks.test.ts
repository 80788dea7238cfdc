import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startScriptedServer,
  type RecordedRequest,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

/*
 * The real CLI (bin/tick.js, so `npm run build` first) against the scripted server, with
 * real files in a private TICK_HOME: the switch, print mode's reports, the session log's
 * list id and resume, `tick tasks` and the export.
 */

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

interface Where {
  cwd: string;
  home: string;
}

function place(): Where {
  return { cwd: tempDir('tick-ws-'), home: tempDir('tick-home-') };
}

async function tick(
  where: Where,
  script: Script,
  args: string[],
  env: Record<string, string> = {},
) {
  const server = await startScriptedServer(script);
  servers.push(server);
  const run = await runTick(args, {
    cwd: where.cwd,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: where.home,
      TICK_MODEL: 'scripted',
      ...env,
    },
  });
  return { ...run, server };
}

const toolsOf = (request: RecordedRequest): string[] =>
  (request.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
const hasTaskTools = (request: RecordedRequest) => toolsOf(request).includes('task_create');
const hasTodoWrite = (request: RecordedRequest) => toolsOf(request).includes('todo_write');

const planTurns: Script = [
  {
    toolCalls: [
      { name: 'task_create', arguments: { subject: 'Write the parser' } },
      { name: 'task_create', arguments: { subject: 'Test the parser', blockedBy: ['1'] } },
    ],
  },
  { toolCalls: [{ name: 'task_update', arguments: { taskId: '1', status: 'completed' } }] },
  { text: 'Planned.' },
];

describe('the switch', () => {
  it('--tasks, TICK_ENABLE_TASKS=1 and the setting turn the task tools on; the default is todo_write', async () => {
    const where = place();
    const plain = await tick(where, [{ text: 'a' }], ['-p', 'x']);
    expect(hasTodoWrite(plain.server.requests[0])).toBe(true);
    expect(hasTaskTools(plain.server.requests[0])).toBe(false);

    const flag = await tick(where, [{ text: 'b' }], ['-p', '--tasks', 'x']);
    expect(hasTaskTools(flag.server.requests[0])).toBe(true);
    expect(hasTodoWrite(flag.server.requests[0])).toBe(false);

    const env = await tick(where, [{ text: 'c' }], ['-p', 'x'], { TICK_ENABLE_TASKS: '1' });
    expect(hasTaskTools(env.server.requests[0])).toBe(true);

    mkdirSync(join(where.cwd, '.tick'));
    writeFileSync(join(where.cwd, '.tick', 'settings.json'), '{"tasks": true}');
    const setting = await tick(where, [{ text: 'd' }], ['-p', 'x']);
    expect(hasTaskTools(setting.server.requests[0])).toBe(true);
  });

  it('TICK_ENABLE_TASKS=0 forces todo_write, and says so when --tasks asked otherwise', async () => {
    const where = place();
    const run = await tick(where, [{ text: 'ok' }], ['-p', '--tasks', 'x'], {
      TICK_ENABLE_TASKS: '0',
    });
    expect(run.exitCode).toBe(0);
    expect(hasTodoWrite(run.server.requests[0])).toBe(true);
    expect(hasTaskTools(run.server.requests[0])).toBe(false);
    expect(run.stderr).toContain('--tasks is ignored: TICK_ENABLE_TASKS=0 forces todo_write');
  });

  it('bad values are clear errors', async () => {
    const where = place();
    const bad = await tick(where, [{ text: 'ok' }], ['-p', 'x'], { TICK_ENABLE_TASKS: 'yes' });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toBe("tick: TICK_ENABLE_TASKS must be 1 or 0, got 'yes'\n");
    const id = await tick(where, [{ text: 'ok' }], ['-p', '--tasks', 'x'], {
      TICK_TASK_LIST_ID: '../escape',
    });
    expect(id.exitCode).toBe(1);
    expect(id.stderr).toContain("TICK_TASK_LIST_ID must be letters, digits, '.', '_' or '-'");
    mkdirSync(join(where.cwd, '.tick'));
    writeFileSync(join(where.cwd, '.tick', 'settings.json'), '{"tasks": "on"}');
    const setting = await tick(where, [{ text: 'ok' }], ['-p', 'x']);
    expect(setting.exitCode).toBe(1);
    expect(setting.stderr).toMatch(/tasks must be true or false/);
  });
});

describe('print mode reports the task list', () => {
  it('json: the list id and every task, like todos', async () => {
    const where = place();
    const run = await tick(where, planTurns, ['-p', '--tasks', 'plan', '--output-format', 'json']);
    expect(run.exitCode).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.task_list_id).toBe(out.session_id);
    expect(
      out.tasks.map((t: { id: string; status: string; blockedBy: string[] }) => [
        t.id,
        t.status,
        t.blockedBy,
      ]),
    ).toEqual([
      ['1', 'completed', []],
      ['2', 'pending', ['1']],
    ]);
    expect(out.todos).toEqual([]);
  });

  it('stream-json: a tasks_updated event after each task tool, and the list in the result', async () => {
    const where = place();
    const run = await tick(where, planTurns, [
      '-p',
      '--tasks',
      'plan',
      '--output-format',
      'stream-json',
    ]);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const updates = lines.filter((line) => line.type === 'tasks_updated');
    expect(updates).toHaveLength(3);
    expect(updates[2].tasks.map((t: { subject: string }) => t.subject)).toEqual([
      'Write the parser',
      'Test the parser',
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', task_list_id: updates[0].listId });
  });
});

/** A `--tasks` print run that plans two tasks and completes the first; its session id. */
async function plannedSession(where: Where): Promise<string> {
  const run = await tick(where, planTurns, ['-p', '--tasks', 'plan', '--output-format', 'json']);
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout).session_id;
}

describe('the session and the list', () => {
  it('the log records the list id; -c reopens that list (tasks on, without the flag)', async () => {
    const where = place();
    const id = await plannedSession(where);
    const [slug] = readdirSync(join(where.home, 'projects'));
    const log = readFileSync(join(where.home, 'projects', slug, `${id}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log.filter((record) => record.kind === 'task_list')).toEqual([
      { kind: 'task_list', t: expect.any(Number), listId: id },
    ]);

    const resumed = await tick(
      where,
      [{ toolCalls: [{ name: 'task_list', arguments: {} }] }, { text: 'Still there.' }],
      ['-p', '-c', 'what is left?'],
    );
    expect(resumed.exitCode).toBe(0);
    expect(hasTaskTools(resumed.server.requests[0])).toBe(true);
    const result = resumed.server.requests[1].body.messages.at(-1);
    expect(result).toMatchObject({ role: 'tool' });
    expect(result.content).toBe(
      '#1 [completed] Write the parser (owner: main)\n#2 [pending] Test the parser (owner: main)\n\n(1/2 completed)',
    );
  });

  it('tick tasks prints the list of the newest session here, or the one named by a prefix', async () => {
    const where = place();
    const id = await plannedSession(where);
    const expected = `Task list ${id}\n\n#1 [completed] Write the parser (owner: main)\n#2 [pending] Test the parser (owner: main)\n\n(1/2 completed)\n`;
    const shown = await runTick(['tasks'], { cwd: where.cwd, env: { TICK_HOME: where.home } });
    expect(shown).toMatchObject({ exitCode: 0, stdout: expected });
    const byPrefix = await runTick(['tasks', id.slice(0, 8)], {
      cwd: tempDir(),
      env: { TICK_HOME: where.home },
    });
    expect(byPrefix.stdout).toBe(shown.stdout);
  });

  it('tick tasks: an unknown list and a corrupt file are errors naming them', async () => {
    const where = place();
    const missing = await runTick(['tasks', 'nolist'], {
      cwd: where.cwd,
      env: { TICK_HOME: where.home },
    });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toBe(
      `tick: no task list 'nolist' in ${join(where.home, 'tasks')}; \`tick tasks\` lists them\n`,
    );
    const dir = join(where.home, 'tasks', 'broken');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '1.json'), '[1, 2');
    const corrupt = await runTick(['tasks', 'broken'], {
      cwd: where.cwd,
      env: { TICK_HOME: where.home },
    });
    expect(corrupt.exitCode).toBe(1);
    expect(corrupt.stderr).toContain(`tick: task file ${join(dir, '1.json')} is not valid JSON`);
    expect(readFileSync(join(dir, '1.json'), 'utf8')).toBe('[1, 2');
    // Without a list named or known: the lists there are.
    const overview = await runTick(['tasks'], { cwd: where.cwd, env: { TICK_HOME: where.home } });
    expect(overview.stdout).toContain('broken  (unreadable: task file');
  });

  it('tick export shows the task history', async () => {
    const where = place();
    const id = await plannedSession(where);
    const md = await runTick(['export', id], { cwd: where.cwd, env: { TICK_HOME: where.home } });
    expect(md.exitCode).toBe(0);
    expect(md.stdout).toContain('Tasks: 1/2 completed');
    expect(md.stdout).toContain('## Task history');
    expect(md.stdout).toContain(`Task list \`${id}\`:`);
    expect(md.stdout).toMatch(/\| #1 \| Write the parser \| completed \| main \| - \| - \| \d{4}-/);
    expect(md.stdout).toMatch(
      /\| #2 \| Test the parser \| pending \| main \| #1 \| - \| - \| - \|/,
    );
    expect(md.stdout).not.toContain('## Todo history');
    const html = await runTick(['export', id, '--format', 'html'], {
      cwd: where.cwd,
      env: { TICK_HOME: where.home },
    });
    expect(html.stdout).toContain('<h2>Task history</h2>');
    expect(html.stdout).toContain('<td>#2</td><td>Test the parser</td><td>pending</td>');
  });

  it('--replay of a session that planned with tasks runs its task calls again, on a new list', async () => {
    const where = place();
    const id = await plannedSession(where);
    const [slug] = readdirSync(join(where.home, 'projects'));
    const file = join(where.home, 'projects', slug, `${id}.jsonl`);
    const replay = await runTick(['-p', '--replay', file, '--output-format', 'json'], {
      cwd: where.cwd,
      env: { TICK_HOME: where.home },
    });
    expect(replay.exitCode, replay.stderr).toBe(0);
    const out = JSON.parse(replay.stdout);
    expect(out.task_list_id).not.toBe(id);
    expect(out.tasks.map((t: { status: string }) => t.status)).toEqual(['completed', 'pending']);
  });
});

describe("Claude Code's hooks on the task tools", () => {
  it('match TaskCreate and TaskUpdate by name and get the task fields in tool_input and tool_response', async () => {
    const where = place();
    mkdirSync(join(where.cwd, '.tick'), { recursive: true });
    const log = (name: string) => ({
      matcher: name,
      hooks: [{ type: 'command', command: `cat >> ${name}.jsonl` }],
    });
    writeFileSync(
      join(where.cwd, '.tick', 'settings.json'),
      JSON.stringify({ hooks: { PostToolUse: [log('TaskCreate'), log('TaskUpdate')] } }),
    );
    const run = await tick(where, planTurns, ['-p', 'plan it', '--tasks']);
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = (name: string) =>
      readFileSync(join(where.cwd, `${name}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
    const created = lines('TaskCreate');
    expect(created).toHaveLength(2);
    expect(created[1]).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'TaskCreate',
      tool_input: { subject: 'Test the parser', blockedBy: ['1'] },
      tool_response: { task: { id: '2', subject: 'Test the parser' } },
    });
    expect(lines('TaskUpdate')[0]).toMatchObject({
      tool_name: 'TaskUpdate',
      tool_input: { taskId: '1', status: 'completed' },
      tool_response: { success: true, taskId: '1', updatedFields: ['status'] },
    });
  });
});
