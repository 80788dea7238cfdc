import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, describe, expect, test } from 'vitest';
import { TodoPanel } from '../../components/TodoPanel';
import type { TodoView } from '../../components/lines/todo-panel';
import type { Todo } from '../../src/todos/types';
import { ASCII_LOOK, COLOR_LOOK, UNICODE_LOOK, strip, stylesBefore } from './helpers';

afterEach(cleanup);

const todos: Todo[] = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
  { content: 'Clean the build', status: 'pending', activeForm: 'Cleaning the build' },
];

const view: TodoView = {
  look: UNICODE_LOOK,
  tick: 0,
  now: 20_000,
  startedAt: { 'Run the tests': 8_000 },
  animate: true,
  collapsed: false,
  maxRows: 10,
};

function rows(list: Todo[], width = 60, extra: Partial<TodoView> = {}): string[] {
  const { lastFrame } = render(<TodoPanel todos={list} width={width} {...view} {...extra} />);
  return strip(lastFrame()).split('\n');
}

describe('todo states', () => {
  test('header counts completed items; each state has its glyph; in-progress shows activeForm and seconds', () => {
    expect(rows(todos)).toEqual([
      'Todos 1/3  ctrl+t to fold',
      '☑ Read the code',
      '⠋ Running the tests 12s',
      '☐ Clean the build',
    ]);
  });

  test('the spinner follows the shared clock', () => {
    expect(rows(todos, 60, { tick: 1 })[2]).toBe('⠙ Running the tests 12s');
    expect(rows(todos, 60, { tick: 4, now: 30_000 })[2]).toBe('⠼ Running the tests 22s');
  });

  test('without a running turn the in-progress item is still marked, without a spinner or counter', () => {
    expect(rows(todos, 60, { animate: false })[2]).toBe('▸ Running the tests');
  });

  test('an in-progress item without activeForm shows its content', () => {
    expect(rows([{ content: 'Deploy', status: 'in_progress' }], 60, { startedAt: {} })[1]).toBe(
      '⠋ Deploy',
    );
  });

  test('completed items are dimmed and struck through; in-progress is bold', () => {
    const { lastFrame } = render(
      <TodoPanel todos={todos} width={60} {...view} look={COLOR_LOOK} />,
    );
    const raw = lastFrame() ?? '';
    expect(stylesBefore(raw, 'Read the code')).toEqual(expect.arrayContaining([2, 9]));
    expect(stylesBefore(raw, 'Running the tests')).toEqual(expect.arrayContaining([1, 36]));
    expect(stylesBefore(raw, 'Clean the build')).toEqual([]);
  });

  test('all done: the header says 3/3', () => {
    const done = todos.map((todo) => ({ ...todo, status: 'completed' as const }));
    expect(rows(done)[0]).toBe('Todos 3/3  ctrl+t to fold');
  });

  test('ASCII fallback uses [ ] [>] [x]', () => {
    expect(rows(todos, 60, { look: ASCII_LOOK, animate: false })).toEqual([
      'Todos 1/3  ctrl+t to fold',
      '[x] Read the code',
      '[>] Running the tests',
      '[ ] Clean the build',
    ]);
    expect(rows(todos, 60, { look: ASCII_LOOK })[2]).toBe('[-] Running the tests 12s');
  });
});

describe('size', () => {
  test('Ctrl+T collapses it to the header, which still names the current step', () => {
    expect(rows(todos, 60, { collapsed: true })).toEqual([
      'Todos 1/3 · ⠋ Running the tests 12s  ctrl+t to show',
    ]);
  });

  test('a long list keeps the in-progress item in view and counts the rest', () => {
    const long: Todo[] = Array.from({ length: 12 }, (_, i) => ({
      content: `Step ${i + 1}`,
      status: i < 6 ? 'completed' : i === 6 ? 'in_progress' : 'pending',
      activeForm: `Doing step ${i + 1}`,
    }));
    const shown = rows(long, 60, { maxRows: 5, startedAt: {} });
    expect(shown).toEqual([
      'Todos 6/12  ctrl+t to fold',
      '☑ Step 6',
      '⠋ Doing step 7',
      '☐ Step 8',
      '… 5 done above, 4 more',
    ]);
  });

  test('nothing at all for an empty list', () => {
    expect(rows([])).toEqual(['']);
  });

  test('CJK and emoji wrap under the text, within the width', () => {
    const wide: Todo[] = [
      { content: '阅读代码并理解结构', status: 'completed' },
      {
        content: '修复购物车总价的错误 🛒 并且添加测试',
        status: 'in_progress',
        activeForm: '正在修复购物车总价的错误 🛒 并且添加测试',
      },
      { content: 'Ship it 🚀', status: 'pending' },
    ];
    const shown = rows(wide, 20, { startedAt: {} });
    for (const row of shown.slice(1)) expect(stringWidth(row)).toBeLessThanOrEqual(20);
    // Continuation rows start under the text (two columns in), not under the glyph.
    const continuation = shown.filter((row, i) => i > 0 && !/^[☑☐⠋]/.test(row));
    expect(continuation.length).toBeGreaterThan(0);
    for (const row of continuation) expect(row.startsWith('  ')).toBe(true);
    expect(shown.join('')).toContain('🛒');
  });
});
