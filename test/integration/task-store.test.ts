import { mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createTask, readTaskList, updateTask } from '../../src/tasks/store';
import { watchTaskList } from '../../src/tasks/watch';
import type { Task } from '../../src/protocol/tasks';
import type { TaskListRef } from '../../src/tasks/types';
import { task_create } from '../../src/tools/task-create';
import { task_get } from '../../src/tools/task-get';
import { task_list } from '../../src/tools/task-list';
import { task_update } from '../../src/tools/task-update';
import { parseToolInput } from '../../src/tools/registry';
import type { Tool } from '../../src/tools/types';
import { makeContext, makeWorkspace, removeWorkspace, waitFor } from './tool-helpers';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeWorkspace));

function list(): TaskListRef {
  const root = makeWorkspace('tick-tasks-');
  dirs.push(root);
  return { id: 'test-list', dir: join(root, 'tasks', 'test-list') };
}

/** What is on disk, file by file (temp files and the lock left out). */
function files(ref: TaskListRef): Record<string, unknown> {
  return Object.fromEntries(
    readdirSync(ref.dir)
      .filter((name) => /^\d+\.json$/.test(name))
      .map((name) => [name, JSON.parse(readFileSync(join(ref.dir, name), 'utf8'))]),
  );
}

/** A tool called as the loop calls it: raw JSON arguments, then run with a context. */
async function call(tool: Tool, args: unknown, ref: TaskListRef | undefined, agentName = 'main') {
  const parsed = parseToolInput(tool, JSON.stringify(args));
  if (!parsed.ok) return { output: parsed.error, isError: true };
  return tool.run(parsed.input, makeContext('/tmp', { taskList: ref, agentName }));
}

describe('the task files', () => {
  test('one JSON file per task, ids 1, 2, ... and never reused after a deletion', async () => {
    const ref = list();
    await createTask(ref, { subject: 'First' }, 'main', 10);
    const second = await createTask(ref, { subject: 'Second', blockedBy: ['1'] }, 'main', 11);
    expect(second.ok && second.value.task.id).toBe('2');
    expect(Object.keys(files(ref)).sort()).toEqual(['1.json', '2.json']);
    expect(files(ref)['2.json']).toMatchObject({ id: '2', subject: 'Second', blockedBy: ['1'] });

    await updateTask(ref, { taskId: '2', status: 'deleted' });
    const third = await createTask(ref, { subject: 'Third' }, 'main');
    expect(third.ok && third.value.task.id).toBe('3');
    expect((await readTaskList(ref.dir)).map((task) => task.id)).toEqual(['1', '3']);
  });

  test('an absent folder is an empty list', async () => {
    expect(await readTaskList(join(list().dir, 'nowhere'))).toEqual([]);
  });

  test('a corrupt task file is an error naming the file, and nothing is written', async () => {
    const ref = list();
    await createTask(ref, { subject: 'Keep me' }, 'main');
    const bad = join(ref.dir, '2.json');
    writeFileSync(bad, '{"id": "2", "subj');
    const result = await call(task_update, { taskId: '1', status: 'completed' }, ref);
    expect(result.isError).toBe(true);
    expect(result.output).toBe(
      `Error: task file ${bad} is not valid JSON (${jsonError('{"id": "2", "subj')}); nothing was changed`,
    );
    expect(readFileSync(bad, 'utf8')).toBe('{"id": "2", "subj');
    expect(readFileSync(join(ref.dir, '1.json'), 'utf8')).toContain('"pending"');
    const created = await call(task_create, { subject: 'More' }, ref);
    expect(created.output).toMatch(/^Error: task file .*2\.json is not valid JSON/);
    expect(readdirSync(ref.dir).filter((name) => name.endsWith('.json'))).toEqual([
      '1.json',
      '2.json',
    ]);
  });

  test('a file that is not a task names what is wrong', async () => {
    const ref = list();
    mkdirSync(ref.dir, { recursive: true });
    writeFileSync(
      join(ref.dir, '4.json'),
      JSON.stringify({ id: '4', subject: 'x', status: 'done' }),
    );
    await expect(readTaskList(ref.dir)).rejects.toThrow(
      `task file ${join(ref.dir, '4.json')} has an invalid status "done"`,
    );
    writeFileSync(
      join(ref.dir, '4.json'),
      JSON.stringify({ id: '5', subject: 'x', status: 'pending' }),
    );
    await expect(readTaskList(ref.dir)).rejects.toThrow('says it is task "5", not "4"');
  });

  test('a lock left behind by a dead process goes stale and is taken over', async () => {
    const ref = list();
    mkdirSync(join(ref.dir, '.lock'), { recursive: true });
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(ref.dir, '.lock'), old, old);
    const created = await createTask(ref, { subject: 'After a crash' }, 'main');
    expect(created.ok).toBe(true);
    // Released again: the next change does not wait.
    expect(readdirSync(ref.dir)).not.toContain('.lock');
  });
});

describe('the task tools', () => {
  test('create, get, update and list, each returning the list for the panel', async () => {
    const ref = list();
    const first = await call(
      task_create,
      { subject: 'Write the parser', activeForm: 'Writing the parser' },
      ref,
    );
    expect(first.output).toBe('Task #1 created: Write the parser');
    const second = await call(task_create, { subject: 'Test the parser', blockedBy: [1] }, ref);
    expect(second.output).toBe('Task #2 created: Test the parser (blocked by #1)');
    expect(second.tasks?.listId).toBe('test-list');
    expect(second.tasks?.tasks.map((task) => task.id)).toEqual(['1', '2']);

    const blocked = await call(task_update, { taskId: '#2', status: 'in progress' }, ref);
    expect(blocked).toEqual({
      output: 'Error: task #2 is blocked by #1 (not completed yet); complete it first',
      isError: true,
    });
    expect(await call(task_update, { taskId: '1', status: 'in_progress' }, ref)).toMatchObject({
      output: 'Task #1 is now in_progress: Write the parser.',
    });
    expect((await call(task_update, { taskId: '1', status: 'completed' }, ref)).output).toBe(
      'Task #1 completed: Write the parser. Unblocked: #2 Test the parser.',
    );
    expect((await call(task_get, { taskId: '2' }, ref)).output).toContain(
      'Blocked by: #1 Write the parser (completed)',
    );
    const listed = await call(task_list, {}, ref);
    expect(listed.output).toBe(
      '#1 [completed] Write the parser (owner: main)\n#2 [pending] Test the parser (owner: main)\n\n(1/2 completed)',
    );
  });

  test('the owner is the calling agent', async () => {
    const ref = list();
    await call(task_create, { subject: 'Child work' }, ref, 'agent-7');
    expect((await readTaskList(ref.dir))[0].owner).toBe('agent-7');
  });

  test('bad arguments are errors naming the field, and change nothing', async () => {
    const ref = list();
    await call(task_create, { subject: 'One' }, ref);
    const before = files(ref);
    expect((await call(task_update, { taskId: 'one', status: 'done' }, ref)).output).toBe(
      "Error: invalid arguments for task_update: taskId: expected a task id such as \"3\", received 'one'; status: expected one of pending, in_progress, completed, deleted, received 'done'",
    );
    expect((await call(task_create, { subject: '' }, ref)).output).toBe(
      'Error: subject must not be empty',
    );
    expect((await call(task_get, { taskId: '9' }, ref)).output).toBe(
      'Error: no task #9 in this list (task_list shows them)',
    );
    expect(files(ref)).toEqual(before);
  });

  test('without a task list (todo_write sessions) a task tool says so', async () => {
    expect(await call(task_list, {}, undefined)).toEqual({
      output: 'Error: the task list is not enabled in this session',
      isError: true,
    });
  });
});

describe('the folder watcher', () => {
  test('announces the list at once, then each change another writer makes, once per burst', async () => {
    const ref = list();
    const seen: Task[][] = [];
    const watcher = watchTaskList(ref.dir, (tasks) => seen.push(tasks), { debounceMs: 50 });
    try {
      expect(await waitFor(() => seen.length === 1, 2000)).toBe(true);
      expect(seen[0]).toEqual([]);
      await createTask(ref, { subject: 'A' }, 'main');
      await createTask(ref, { subject: 'B' }, 'main');
      await createTask(ref, { subject: 'C' }, 'main');
      expect(await waitFor(() => seen.at(-1)?.length === 3, 1000)).toBe(true);
      // Three writes in a burst: fewer announcements than writes.
      expect(seen.length).toBeLessThan(4);
      const count = seen.length;
      // A list it was told of already is not announced again.
      const now = await readTaskList(ref.dir);
      const done = await updateTask(ref, { taskId: '1', status: 'completed' });
      if (done.ok) watcher.seen(done.value.tasks);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen.length).toBe(count);
      expect(now).toHaveLength(3);
    } finally {
      watcher.close();
    }
  });

  test('a corrupt file is reported once, and the list is followed again once it is fixed', async () => {
    const ref = list();
    const errors: string[] = [];
    const seen: Task[][] = [];
    await createTask(ref, { subject: 'A' }, 'main');
    const watcher = watchTaskList(ref.dir, (tasks) => seen.push(tasks), {
      debounceMs: 30,
      onError: (message) => errors.push(message),
    });
    try {
      await waitFor(() => seen.length === 1, 2000);
      writeFileSync(join(ref.dir, '7.json'), 'nope');
      writeFileSync(join(ref.dir, '7.json'), 'nope!');
      expect(await waitFor(() => errors.length === 1, 2000)).toBe(true);
      expect(errors[0]).toContain(`task file ${join(ref.dir, '7.json')} is not valid JSON`);
      writeFileSync(
        join(ref.dir, '7.json'),
        JSON.stringify({ id: '7', subject: 'Fixed', status: 'pending' }),
      );
      expect(await waitFor(() => seen.at(-1)?.length === 2, 2000)).toBe(true);
      expect(errors).toHaveLength(1);
    } finally {
      watcher.close();
    }
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
