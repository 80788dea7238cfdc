import { describe, expect, it } from 'vitest';
import { validateTodos } from '../../src/todos/validate';
import { renderTodos } from '../../src/todos/render';
import { todo_write } from '../../src/tools/todo-write';
import type { ToolContext } from '../../src/tools/types';

const ctx: ToolContext = {
  cwd: '/tmp',
  roots: ['/tmp'],
  signal: new AbortController().signal,
  onOutput: () => undefined,
  sandbox: false,
  agentName: 'main',
};

const item = (content: string, status: string, extra: object = {}) => ({
  content,
  status,
  ...extra,
});

describe('validateTodos', () => {
  it('accepts a valid list and normalises it', () => {
    const result = validateTodos([
      item('  Inspect repo ', 'completed'),
      item('Write tests', 'in_progress', { activeForm: 'Writing tests' }),
      { content: 'Ship' },
    ]);
    expect(result).toEqual({
      ok: true,
      todos: [
        { content: 'Inspect repo', status: 'completed' },
        { content: 'Write tests', status: 'in_progress', activeForm: 'Writing tests' },
        { content: 'Ship', status: 'pending' },
      ],
    });
  });

  it('allows 20 items and refuses 21', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => item(`t${i}`, 'pending'));
    expect(validateTodos(twenty).ok).toBe(true);
    expect(validateTodos([...twenty, item('one more', 'pending')])).toEqual({
      ok: false,
      error: 'Error: Max 20 todos allowed',
    });
  });

  it.each([
    [[item('', 'pending')], 'Error: todos[0] requires content'],
    [[item('ok', 'pending'), item('   ', 'pending')], 'Error: todos[1] requires content'],
    [[item('ok', 'pending'), { status: 'pending' }], 'Error: todos[1] requires content'],
    [[item('a', 'done')], "Error: todos[0] has invalid status 'done'"],
    [[item('a', 'pending'), { content: 'b', status: 3 }], "Error: todos[1] has invalid status '3'"],
    [
      [item('a', 'in_progress'), item('b', 'in_progress')],
      'Error: Only one todo can be in_progress at a time',
    ],
    [[item('a', 'pending', { activeForm: 5 })], 'Error: todos[0] activeForm must be a string'],
    [['just text'], 'Error: todos[0] must be an object'],
    [{ content: 'a' }, 'Error: todos must be a list'],
    [42, 'Error: todos must be a list'],
    ['not a list at all', 'Error: todos must be a list or JSON array string'],
  ])('refuses %j with %s', (raw, error) => {
    expect(validateTodos(raw)).toEqual({ ok: false, error });
  });

  it('parses a JSON string', () => {
    const result = validateTodos('[{"content": "a", "status": "in_progress"}]');
    expect(result).toEqual({ ok: true, todos: [{ content: 'a', status: 'in_progress' }] });
  });

  it('parses a Python-style literal without evaluating it', () => {
    const text =
      "[{'content': 'Fix \\'quote\\' bug', 'status': 'pending', 'activeForm': None}, " +
      "{'content': \"Run tests\", 'status': 'completed', 'done': True},]";
    expect(validateTodos(text)).toEqual({
      ok: true,
      todos: [
        { content: "Fix 'quote' bug", status: 'pending' },
        { content: 'Run tests', status: 'completed' },
      ],
    });
    expect(validateTodos("[{'content': __import__('os').system('id')}]")).toEqual({
      ok: false,
      error: 'Error: todos must be a list or JSON array string',
    });
  });

  it('accepts friendly spellings of in_progress and a list wrapped in {todos: ...}', () => {
    const result = validateTodos({ todos: [item('a', 'In-Progress')] });
    expect(result).toEqual({ ok: true, todos: [{ content: 'a', status: 'in_progress' }] });
  });
});

describe('renderTodos', () => {
  it('renders markers, a blank line and the count', () => {
    const text = renderTodos([
      { content: 'inspect repo', status: 'completed' },
      { content: 'write tests', status: 'in_progress', activeForm: 'Writing tests' },
      { content: 'ship', status: 'pending' },
    ]);
    expect(text).toBe('[x] inspect repo\n[>] write tests\n[ ] ship\n\n(1/3 completed)');
  });

  it('says when the list is empty', () => {
    expect(renderTodos([])).toBe('No todos.');
  });
});

describe('todo_write tool', () => {
  it('returns the rendered list and the new todos on success', async () => {
    const result = await todo_write.run(
      { todos: [item('plan', 'completed'), item('build', 'in_progress')] },
      ctx,
    );
    expect(result.output).toBe('[x] plan\n[>] build\n\n(1/2 completed)');
    expect(result.todos).toEqual([
      { content: 'plan', status: 'completed' },
      { content: 'build', status: 'in_progress' },
    ]);
    expect(result.isError).toBeFalsy();
  });

  it('returns the error and no todos on failure, so the old list stays', async () => {
    const result = await todo_write.run(
      { todos: [item('a', 'in_progress'), item('b', 'in_progress')] },
      ctx,
    );
    expect(result).toEqual({
      output: 'Error: Only one todo can be in_progress at a time',
      isError: true,
    });
    expect('todos' in result).toBe(false);
  });

  it('takes the list as a string too', async () => {
    const result = await todo_write.run({ todos: "[{'content': 'a', 'status': 'pending'}]" }, ctx);
    expect(result.output).toBe('[ ] a\n\n(0/1 completed)');
  });

  it('touches nothing, for the permission gate', () => {
    expect(todo_write.access({ todos: [] }, ctx)).toEqual({ kind: 'none' });
    expect(todo_write.summary({ todos: [item('a', 'completed'), item('b', 'pending')] })).toBe(
      '2 todos, 1 completed',
    );
  });
});
