import { describe, expect, test } from 'vitest';
import { cycleThrough } from '../../src/tasks/graph';
import { planCreate, planUpdate, type Planned } from '../../src/tasks/rules';
import {
  createdText,
  renderTask,
  renderTaskList,
  taskListFound,
  updatedText,
} from '../../src/tasks/render';
import { MAX_TASKS, type TaskUpdateInput } from '../../src/tasks/types';
import { type Task } from '../../src/protocol/tasks';
import { makeTask } from '../support/tasks';

const task = makeTask;

function ok<T>(planned: Planned<T>): T {
  if (!planned.ok) throw new Error(`expected success, got ${planned.error}`);
  return planned.value;
}

function error<T>(planned: Planned<T>): string {
  if (planned.ok) throw new Error('expected an error');
  return planned.error;
}

const update = (tasks: Task[], input: TaskUpdateInput) => planUpdate(tasks, input, 99);

describe('creating a task', () => {
  test('a new task is pending, owned by the caller, its blockers sorted and unique', () => {
    const tasks = [task('1'), task('2'), task('10')];
    const created = ok(
      planCreate(
        tasks,
        { subject: '  Test the parser ', activeForm: 'Testing', blockedBy: ['10', '2', '2'] },
        { id: '11', owner: 'main', now: 5 },
      ),
    );
    expect(created).toEqual({
      id: '11',
      subject: 'Test the parser',
      description: '',
      activeForm: 'Testing',
      status: 'pending',
      owner: 'main',
      blockedBy: ['2', '10'],
      createdAt: 5,
      updatedAt: 5,
    });
    expect(createdText(created, [...tasks, created])).toBe(
      'Task #11 created: Test the parser (blocked by #2, #10)',
    );
  });

  test('the subject must not be empty', () => {
    expect(error(planCreate([], { subject: ' \n ' }, { id: '1', owner: 'main', now: 0 }))).toBe(
      'Error: subject must not be empty',
    );
  });

  test('blockedBy must name existing tasks', () => {
    expect(
      error(
        planCreate(
          [task('1')],
          { subject: 'x', blockedBy: ['1', '4', '7'] },
          { id: '2', owner: 'main', now: 0 },
        ),
      ),
    ).toBe('Error: blockedBy names no such task: #4, #7');
  });

  test(`a list holds at most ${MAX_TASKS} tasks`, () => {
    const full = Array.from({ length: MAX_TASKS }, (_, i) => task(String(i + 1)));
    expect(
      error(planCreate(full, { subject: 'one more' }, { id: '201', owner: 'main', now: 0 })),
    ).toBe(`Error: the list already has ${MAX_TASKS} tasks, the most it may hold`);
    expect(
      planCreate(full.slice(1), { subject: 'fits' }, { id: '201', owner: 'main', now: 0 }).ok,
    ).toBe(true);
  });

  test('completed blockers do not show as blocking', () => {
    const tasks = [task('1', { status: 'completed' }), task('2')];
    const created = ok(
      planCreate(
        tasks,
        { subject: 'Ship', blockedBy: ['1', '2'] },
        { id: '3', owner: 'main', now: 0 },
      ),
    );
    expect(createdText(created, [...tasks, created])).toBe('Task #3 created: Ship (blocked by #2)');
  });
});

describe('dependencies', () => {
  test('a cycle is refused and named', () => {
    const tasks = [task('1', { blockedBy: ['2'] }), task('2', { blockedBy: ['3'] }), task('3')];
    expect(error(update(tasks, { taskId: '3', addBlockedBy: ['1'] }))).toBe(
      'Error: that would make a dependency cycle: #3 -> #1 -> #2 -> #3 (each is blocked by the next)',
    );
    expect(error(update(tasks, { taskId: '1', addBlocks: ['3'] }))).toMatch(
      /^Error: that would make a dependency cycle: #1 -> #2 -> #3 -> #1 /,
    );
  });

  test('a task cannot block itself', () => {
    expect(error(update([task('1')], { taskId: '1', addBlockedBy: ['1'] }))).toBe(
      'Error: task #1 cannot block itself',
    );
    expect(error(update([task('1')], { taskId: '1', addBlocks: ['1'] }))).toBe(
      'Error: task #1 cannot block itself',
    );
  });

  test('addBlockedBy and addBlocks must name existing tasks', () => {
    expect(error(update([task('1')], { taskId: '1', addBlockedBy: ['5'] }))).toBe(
      'Error: addBlockedBy names no such task: #5',
    );
    expect(error(update([task('1')], { taskId: '1', addBlocks: ['6'] }))).toBe(
      'Error: addBlocks names no such task: #6',
    );
  });

  test('addBlocks puts this task into the others’ blockedBy, and writes only them', () => {
    const plan = ok(
      update([task('1'), task('2'), task('3')], { taskId: '1', addBlocks: ['3', '2'] }),
    );
    expect(plan.changed.map((t) => [t.id, t.blockedBy])).toEqual([
      ['3', ['1']],
      ['2', ['1']],
    ]);
    expect(plan.fields).toEqual(['blocks']);
  });

  test('cycleThrough finds no cycle in a chain', () => {
    const byId = new Map([task('1', { blockedBy: ['2'] }), task('2')].map((t) => [t.id, t]));
    expect(cycleThrough('1', byId)).toBeUndefined();
  });
});

describe('status rules', () => {
  test('a task cannot start while a blocker is unfinished; the error names the open blockers', () => {
    const tasks = [
      task('1'),
      task('2', { status: 'completed' }),
      task('3', { status: 'in_progress', owner: 'worker' }),
      task('4', { blockedBy: ['1', '2', '3'] }),
    ];
    expect(error(update(tasks, { taskId: '4', status: 'in_progress' }))).toBe(
      'Error: task #4 is blocked by #1, #3 (not completed yet); complete them first',
    );
  });

  test('an in-progress task cannot gain an unfinished blocker, nor a blocker be reopened under it', () => {
    const tasks = [
      task('1', { status: 'completed' }),
      task('2', { status: 'in_progress', blockedBy: ['1'] }),
      task('3'),
    ];
    expect(error(update(tasks, { taskId: '2', addBlockedBy: ['3'] }))).toBe(
      'Error: task #2 is blocked by #3 (not completed yet); complete it first',
    );
    expect(error(update(tasks, { taskId: '1', status: 'pending' }))).toBe(
      'Error: task #2 is in progress and would be blocked by #1 (not completed)',
    );
    expect(error(update(tasks, { taskId: '3', addBlocks: ['2'] }))).toBe(
      'Error: task #2 is in progress and would be blocked by #3 (not completed)',
    );
  });

  test('at most one task in progress per owner', () => {
    const tasks = [task('1', { status: 'in_progress' }), task('2'), task('3', { owner: 'worker' })];
    expect(error(update(tasks, { taskId: '2', status: 'in_progress' }))).toBe(
      'Error: #1 "Step 1" is already in progress for main; complete it (or set it back to pending) before starting #2',
    );
    // Another owner may have one of its own; handing a task over counts for the new owner.
    expect(update(tasks, { taskId: '3', status: 'in_progress' }).ok).toBe(true);
    expect(error(update(tasks, { taskId: '3', status: 'in_progress', owner: 'main' }))).toMatch(
      /already in progress for main/,
    );
  });

  test('completing a task says which tasks it unblocked', () => {
    const tasks = [
      task('1', { status: 'in_progress', subject: 'Write the parser' }),
      task('2', { subject: 'Test the parser', blockedBy: ['1'] }),
      task('3', { subject: 'Ship', blockedBy: ['1', '4'] }),
      task('4'),
    ];
    const plan = ok(update(tasks, { taskId: '1', status: 'completed' }));
    expect(plan.unblocked.map((t) => t.id)).toEqual(['2']);
    expect(updatedText(plan)).toBe(
      'Task #1 completed: Write the parser. Unblocked: #2 Test the parser.',
    );
  });

  test('subject and owner must not be emptied', () => {
    expect(error(update([task('1')], { taskId: '1', subject: '  ' }))).toBe(
      'Error: subject must not be empty',
    );
    expect(error(update([task('1')], { taskId: '1', owner: '' }))).toBe(
      'Error: owner must not be empty',
    );
  });

  test('an unknown task is an error', () => {
    expect(error(update([task('1')], { taskId: '9', status: 'completed' }))).toBe(
      'Error: no task #9 in this list (task_list shows them)',
    );
  });

  test('an update names what changed; nothing changed says so', () => {
    const plan = ok(
      update([task('1')], { taskId: '1', status: 'in_progress', activeForm: 'Stepping' }),
    );
    expect(plan.task).toMatchObject({
      status: 'in_progress',
      activeForm: 'Stepping',
      updatedAt: 99,
    });
    expect(updatedText(plan)).toBe('Task #1 is now in_progress: Step 1 (updated activeForm).');
    expect(updatedText(ok(update([task('1')], { taskId: '1', owner: 'worker' })))).toBe(
      'Task #1 updated: Step 1 (updated owner).',
    );
    const same = ok(update([task('1')], { taskId: '1', status: 'pending' }));
    expect(same.changed).toEqual([]);
    expect(updatedText(same)).toBe('Task #1 unchanged: Step 1.');
  });
});

describe('deleting', () => {
  test('deleted removes the task and strips it from the others’ lists, freeing them', () => {
    const tasks = [
      task('1'),
      task('2', { blockedBy: ['1'] }),
      task('3', { blockedBy: ['1', '2'] }),
    ];
    const plan = ok(update(tasks, { taskId: '1', status: 'deleted' }));
    expect(plan.deleted).toBe('1');
    expect(plan.changed.map((t) => [t.id, t.blockedBy])).toEqual([
      ['2', []],
      ['3', ['2']],
    ]);
    expect(updatedText(plan)).toBe('Task #1 deleted: Step 1. Unblocked: #2 Step 2.');
  });
});

describe('what the model reads', () => {
  const tasks = [
    task('1', { status: 'completed', subject: 'Write the parser' }),
    task('2', {
      status: 'in_progress',
      subject: 'Test the parser',
      owner: 'worker',
      blockedBy: ['1'],
    }),
    task('3', { subject: 'Ship', blockedBy: ['1', '2'], description: 'Tag and publish.' }),
  ];

  test('task_list: one line per task with owner and open blockers, then the count', () => {
    expect(renderTaskList(tasks)).toBe(
      [
        '#1 [completed] Write the parser (owner: main)',
        '#2 [in_progress] Test the parser (owner: worker)',
        '#3 [pending] Ship (owner: main) blocked by #2',
        '',
        '(1/3 completed)',
      ].join('\n'),
    );
    expect(renderTaskList([])).toBe('No tasks yet. Plan the work with task_create.');
  });

  test("task_list's card line: how many tasks, completed and in progress", () => {
    expect(taskListFound(tasks)).toBe('3 tasks: 1 completed, 1 in progress');
    expect(taskListFound([tasks[0]])).toBe('1 task: 1 completed');
    expect(taskListFound([])).toBe('no tasks yet');
  });

  test('task_get: description, status, owner, blockers and what it blocks', () => {
    expect(renderTask(tasks[1], tasks)).toBe(
      [
        'Task #2: Test the parser',
        'Status: in_progress',
        'Owner: worker',
        'Blocked by: #1 Write the parser (completed)',
        'Blocks: #3 Ship (pending)',
        'Description:',
        '(none)',
      ].join('\n'),
    );
    expect(renderTask(tasks[2], tasks)).toContain(
      'Blocks: nothing\nDescription:\nTag and publish.',
    );
  });
});
