import stringWidth from 'string-width';
import { afterEach, describe, expect, test } from 'vitest';
import { TodoPanel } from '../../components/TodoPanel';
import type { Look } from '../../components/lines/look';
import type { AppState } from '../../src/store/types';
import type { Todo } from '../../src/protocol/todos';
import {
  ASCII_LOOK,
  COLOR_LOOK,
  mount,
  settle,
  stylesBefore,
  waitFor,
  type Mounted,
} from './helpers';

const mounted: Mounted[] = [];
afterEach(() => mounted.splice(0).forEach((m) => m.unmount()));

const todos: Todo[] = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
  { content: 'Clean the build', status: 'pending', activeForm: 'Cleaning the build' },
];

interface Options {
  look?: Look;
  maxRows?: number;
  /** A turn runs (the spinner turns, the seconds count). */
  busy?: boolean;
  state?: Partial<AppState>;
}

/** The panel as the app mounts it, over a store holding the list (12 s into its item). */
async function panel(list: Todo[], width = 60, options: Options = {}): Promise<Mounted> {
  const m = await mount(<TodoPanel width={width} maxRows={options.maxRows ?? 10} />, {
    look: options.look,
    columns: width,
    state: {
      todos: list,
      todoStartedAt: { 'Run the tests': Date.now() - 12_100 },
      status: options.busy === false ? 'idle' : 'busy',
      ...options.state,
    },
  });
  mounted.push(m);
  return m;
}

async function rows(list: Todo[], width = 60, options: Options = {}): Promise<string[]> {
  return (await panel(list, width, options)).rows();
}

const SPIN = '[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]';

describe('todo states', () => {
  test('header counts completed items; each state has its glyph; in-progress shows activeForm and seconds', async () => {
    const shown = await rows(todos);
    expect(shown[0]).toBe('Todos 1/3  ctrl+t to fold');
    expect(shown[1]).toBe('☑ Read the code');
    expect(shown[2]).toMatch(new RegExp(`^${SPIN} Running the tests 12s$`));
    expect(shown[3]).toBe('☐ Clean the build');
  });

  test('the in-progress item has ink-spinner beside its activeForm, turning', async () => {
    const m = await panel(todos);
    const spinner = () => m.rows()[2][0];
    const first = spinner();
    await waitFor(() => spinner() !== first, 1000, 'the spinner to turn');
    expect(spinner()).not.toBe(first);
  });

  test('without a running turn the in-progress item is still marked, without a spinner or counter', async () => {
    const m = await panel(todos, 60, { busy: false });
    expect(m.rows()[2]).toBe('▸ Running the tests');
    // Nothing turns while idle: the frame does not change.
    const before = m.stdout.frames.length;
    // A fixed wait on purpose (a few spinner steps): nothing may be drawn meanwhile.
    await settle(200);
    expect(m.stdout.frames.length).toBe(before);
  });

  test('an in-progress item without activeForm shows its content', async () => {
    const shown = await rows([{ content: 'Deploy', status: 'in_progress' }], 60, {
      state: { todoStartedAt: {} },
    });
    expect(shown[1]).toMatch(new RegExp(`^${SPIN} Deploy$`));
  });

  test('completed items are dimmed and struck through; in-progress is bold', async () => {
    const raw = (await panel(todos, 60, { look: COLOR_LOOK })).lastFrame();
    expect(stylesBefore(raw, 'Read the code')).toEqual(expect.arrayContaining([2, 9]));
    expect(stylesBefore(raw, 'Running the tests')).toEqual(expect.arrayContaining([1, 36]));
    expect(stylesBefore(raw, 'Clean the build')).toEqual([]);
  });

  test('all done: the header says 3/3', async () => {
    const done = todos.map((todo) => ({ ...todo, status: 'completed' as const }));
    expect((await rows(done))[0]).toBe('Todos 3/3  ctrl+t to fold');
  });

  test('ASCII fallback uses [ ] [>] [x], and a [-\\|/] spinner', async () => {
    expect(await rows(todos, 60, { look: ASCII_LOOK, busy: false })).toEqual([
      'Todos 1/3  ctrl+t to fold',
      '[x] Read the code',
      '[>] Running the tests',
      '[ ] Clean the build',
    ]);
    expect((await rows(todos, 60, { look: ASCII_LOOK }))[2]).toMatch(
      /^\[[-\\|/]\] Running the tests 12s$/,
    );
  });
});

describe('size', () => {
  test('Ctrl+T collapses it to the header, which still names the current step', async () => {
    const shown = await rows(todos, 60, { state: { todosCollapsed: true } });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(
      new RegExp(`^Todos 1/3 · ${SPIN} Running the tests 12s  ctrl\\+t to show$`),
    );
  });

  test('a long list keeps the in-progress item in view and counts the rest', async () => {
    const long: Todo[] = Array.from({ length: 12 }, (_, i) => ({
      content: `Step ${i + 1}`,
      status: i < 6 ? 'completed' : i === 6 ? 'in_progress' : 'pending',
      activeForm: `Doing step ${i + 1}`,
    }));
    const shown = await rows(long, 60, { maxRows: 5, busy: false });
    expect(shown).toEqual([
      'Todos 6/12  ctrl+t to fold',
      '☑ Step 6',
      '▸ Doing step 7',
      '☐ Step 8',
      '… 5 done above, 4 more',
    ]);
  });

  test('a narrow, short panel shows the in-progress item first, whatever else gives way', async () => {
    const plan: Todo[] = [
      { content: 'Read the failing test and the code it covers', status: 'completed' },
      { content: 'Find why the cart total is off by one cent', status: 'completed' },
      {
        content: 'Fix the rounding',
        status: 'in_progress',
        activeForm: 'Fixing the rounding in the cart total before tax',
      },
      { content: 'Run the tests', status: 'pending' },
    ];
    // Three rows: the header, the item (two rows at this width) and the count.
    const shown = await rows(plan, 30, { maxRows: 4, busy: false });
    expect(shown).toEqual([
      'Todos 2/4  ctrl+t to fold',
      '▸ Fixing the rounding in the',
      '  cart total before tax',
      '… 2 done above, 1 more',
    ]);
  });

  test('the item in progress is kept even when an unfinished one comes before it', async () => {
    const plan: Todo[] = [
      { content: 'Step 1', status: 'pending' },
      { content: 'Step 2', status: 'completed' },
      { content: 'Step 3', status: 'completed' },
      { content: 'Step 4', status: 'in_progress', activeForm: 'Doing step 4' },
      { content: 'Step 5', status: 'pending' },
    ];
    expect(await rows(plan, 60, { maxRows: 4, busy: false })).toEqual([
      'Todos 2/5  ctrl+t to fold',
      '☑ Step 3',
      '▸ Doing step 4',
      '… 2 above, 1 more',
    ]);
  });

  test('an item taller than the panel shows its first rows, cut; two rows show its first', async () => {
    const plan: Todo[] = [
      { content: 'Done first', status: 'completed' },
      {
        content: 'Long',
        status: 'in_progress',
        activeForm: 'Rewriting the parser so that every token keeps its position for errors',
      },
      { content: 'Last', status: 'pending' },
    ];
    const three = await rows(plan, 26, { maxRows: 4, busy: false });
    expect(three).toHaveLength(4);
    expect(three[1]).toBe('▸ Rewriting the parser so');
    expect(three[2]).toBe('  that every token keeps…');
    expect(three[3]).toBe('… 1 done above, 1 more');
    const two = await rows(plan, 26, { maxRows: 2, busy: false });
    expect(two).toEqual(['Todos 1/3  ctrl+t to fold', '▸ Rewriting the parser so…']);
  });

  test('nothing at all for an empty list', async () => {
    expect(await rows([])).toEqual(['']);
  });

  test('CJK and emoji wrap under the text, within the width', async () => {
    const wide: Todo[] = [
      { content: '阅读代码并理解结构', status: 'completed' },
      {
        content: '修复购物车总价的错误 🛒 并且添加测试',
        status: 'in_progress',
        activeForm: '正在修复购物车总价的错误 🛒 并且添加测试',
      },
      { content: 'Ship it 🚀', status: 'pending' },
    ];
    const shown = await rows(wide, 20, { state: { todoStartedAt: {} } });
    for (const row of shown.slice(1)) expect(stringWidth(row)).toBeLessThanOrEqual(20);
    // Continuation rows start under the text (two columns in), not under the glyph.
    const continuation = shown.filter((row, i) => i > 0 && !new RegExp(`^(☑|☐|${SPIN})`).test(row));
    expect(continuation.length).toBeGreaterThan(0);
    for (const row of continuation) expect(row.startsWith('  ')).toBe(true);
    expect(shown.join('')).toContain('🛒');
  });
});
