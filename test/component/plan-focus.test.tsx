import { afterEach, describe, expect, test } from 'vitest';
import { TaskPanel } from '../../components/TaskPanel';
import { TodoPanel } from '../../components/TodoPanel';
import type { Task } from '../../src/protocol/tasks';
import type { Todo } from '../../src/protocol/todos';
import type { PlanPanelView } from '../../src/store/plan-view';
import { makeTask } from '../support/tasks';
import {
  endOf,
  mount,
  startApp,
  typeLine,
  waitFor,
  type AppRig,
  type Mounted,
  type Turn,
} from './helpers';

const mounted: Mounted[] = [];
let rig: AppRig | undefined;
afterEach(async () => {
  mounted.splice(0).forEach((m) => m.unmount());
  await rig?.close();
  rig = undefined;
});

/** `Step 07` (two digits: no step's name is inside another's). */
const step = (n: number) => `Step ${String(n).padStart(2, '0')}`;

/** 40 steps: 11 done, the 12th in progress, the rest to do. */
const plan: Todo[] = Array.from({ length: 40 }, (_, i) => ({
  content: step(i + 1),
  activeForm: `Doing step ${i + 1}`,
  status: i < 11 ? 'completed' : i === 11 ? 'in_progress' : 'pending',
}));

async function todoRows(planPanel: PlanPanelView, maxRows = 8): Promise<string[]> {
  const m = await mount(<TodoPanel width={80} maxRows={maxRows} />, {
    columns: 80,
    state: { todos: plan, status: 'idle', planPanel },
  });
  mounted.push(m);
  return m.rows();
}

describe('the focused plan panel', () => {
  test('follows the work: the item before the one in progress heads it, its place in the header', async () => {
    expect(await todoRows({ mode: 'focused', top: null })).toEqual([
      'Todos 11/40 · items 11-17 of 40  ↑↓ PgUp/PgDn Home/End · esc back',
      `☑ ${step(11)}`,
      '▸ Doing step 12',
      ...[13, 14, 15, 16, 17].map((n) => `☐ ${step(n)}`),
    ]);
  });

  test('scrolled: the items from its top; the item in progress stays, pinned above them', async () => {
    const rows = await todoRows({ mode: 'focused', top: 30 });
    expect(rows).toEqual([
      'Todos 11/40 · items 31-36 of 40  ↑↓ PgUp/PgDn Home/End · esc back',
      '↑ ▸ Doing step 12',
      ...[31, 32, 33, 34, 35, 36].map((n) => `☐ ${step(n)}`),
    ]);
  });

  test('a tiny panel does not pin: the rows are the window', async () => {
    const rows = await todoRows({ mode: 'focused', top: 30 }, 3);
    expect(rows).toEqual([
      'Todos 11/40 · items 31-32 of 40  ↑↓ PgUp/PgDn Home/End · esc back',
      `☐ ${step(31)}`,
      `☐ ${step(32)}`,
    ]);
  });

  test('scrolled past the end: the last page', async () => {
    const rows = await todoRows({ mode: 'focused', top: 99 });
    expect(rows[0]).toContain('items 35-40 of 40');
    expect(rows[1]).toBe('↑ ▸ Doing step 12');
    expect(rows.at(-1)).toBe(`☐ ${step(40)}`);
  });

  test('normal: the rest is counted and the header says Ctrl+T scrolls', async () => {
    expect(await todoRows({ mode: 'normal', top: null }, 5)).toEqual([
      'Todos 11/40  ctrl+t to scroll',
      `☑ ${step(11)}`,
      '▸ Doing step 12',
      `☐ ${step(13)}`,
      '… 10 done above, 27 more',
    ]);
  });
});

describe('several tasks in progress', () => {
  const tasks: Task[] = Array.from({ length: 30 }, (_, i) =>
    makeTask(String(i + 1), {
      subject: `Check ${i + 1}`,
      status: i < 3 ? 'completed' : i === 3 || i === 24 ? 'in_progress' : 'pending',
      ...(i === 24 ? { owner: 'reviewer' } : {}),
    }),
  );

  async function taskRows(maxRows: number): Promise<string[]> {
    const m = await mount(<TaskPanel width={60} maxRows={maxRows} />, {
      columns: 60,
      state: { taskListId: 'list', tasks, status: 'idle' },
    });
    mounted.push(m);
    return m.rows();
  }

  test('the summary never hides one: the tasks between them are counted in place', async () => {
    expect(await taskRows(7)).toEqual([
      'Tasks 3/30  ctrl+t to scroll',
      '☑ #3 Check 3',
      '▸ #4 Check 4',
      '☐ #5 Check 5',
      '… 19 more',
      '▸ #25 Check 25  @reviewer',
      '… 2 done above, 5 more',
    ]);
  });

  test('focused: one scrolled out below is pinned under the window', async () => {
    const m = await mount(<TaskPanel width={60} maxRows={6} />, {
      columns: 60,
      state: { taskListId: 'list', tasks, status: 'idle', planPanel: { mode: 'focused', top: 0 } },
    });
    mounted.push(m);
    expect(m.rows()).toEqual([
      'Tasks 3/30 · items 1-4 of 30  ↑↓ PgUp/PgDn Home/End · esc b…',
      '☑ #1 Check 1',
      '☑ #2 Check 2',
      '☑ #3 Check 3',
      '▸ #4 Check 4',
      '↓ ▸ #25 Check 25  @reviewer',
    ]);
  });

  test('too few rows for both: the count says one in progress is hidden', async () => {
    expect(await taskRows(3)).toEqual([
      'Tasks 3/30  ctrl+t to scroll',
      '▸ #4 Check 4',
      '… 3 done above, 26 more (1 in progress)',
    ]);
  });
});

describe('keys while the panel is focused', () => {
  const writesPlan: Turn = async function* (prompt) {
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    yield { type: 'todos_updated', todos: plan };
    yield endOf('done');
  };

  async function focusedApp(): Promise<AppRig> {
    rig = await startApp([writesPlan], { columns: 80, rows: 20 });
    await typeLine(rig.app, 'plan it');
    await waitFor(() => !rig!.controller.busy && rig!.screen().includes('ctrl+t to scroll'));
    await rig.app.press('\x14');
    await waitFor(() => rig!.screen().includes('items 11-'));
    return rig;
  }

  test('the arrows scroll the panel, not the prompt history', async () => {
    const app = await focusedApp();
    await app.app.press('\x1b[B');
    await waitFor(() => app.screen().includes('items 12-'));
    await app.app.press('\x1b[A');
    await app.app.press('\x1b[A');
    await waitFor(() => app.screen().includes('items 10-'));
    // The prompt was not given the last prompt from history.
    expect(app.controller.store.getState().input.text).toBe('');
    await app.app.press('\x1b[F');
    await waitFor(() => app.screen().includes(`☐ ${step(40)}`));
    await app.app.press('\x1b[H');
    await waitFor(() => app.screen().includes(`☑ ${step(1)}`));
    await app.app.press('\x1b[6~');
    await waitFor(() => !app.screen().includes(`☑ ${step(1)}`));
    expect(app.controller.store.getState().scrollTop).toBeNull();
  });

  test('Esc gives the focus back and does not open /rewind', async () => {
    const app = await focusedApp();
    await app.app.press('\x1b');
    await waitFor(() => app.screen().includes('ctrl+t to scroll'));
    expect(app.controller.store.getState().planPanel).toEqual({ mode: 'normal', top: null });
    expect(app.controller.store.getState().rewind).toBeNull();
  });

  test('Enter gives the focus back and does not send what the prompt holds', async () => {
    const app = await focusedApp();
    await app.app.press('\x1b');
    await app.app.press('draft');
    await waitFor(() => app.controller.store.getState().input.text === 'draft');
    await app.app.press('\x14');
    await waitFor(() => app.screen().includes('items 11-'));
    await app.app.press('\r');
    await waitFor(() => app.screen().includes('ctrl+t to scroll'));
    expect(app.controller.store.getState().input.text).toBe('draft');
    expect(app.controller.busy).toBe(false);
  });

  test('typing goes to the prompt and gives the focus back; so does a paste', async () => {
    const app = await focusedApp();
    await app.app.press('x');
    await waitFor(() => app.controller.store.getState().input.text === 'x');
    expect(app.controller.store.getState().planPanel.mode).toBe('normal');
    await app.app.press('\x14');
    await waitFor(() => app.screen().includes('items 11-'));
    await app.app.press('\x1b[200~pasted\x1b[201~');
    await waitFor(() => app.controller.store.getState().input.text === 'xpasted');
    expect(app.controller.store.getState().planPanel.mode).toBe('normal');
  });

  test('Ctrl+T again folds it; the status line names the keys while focused', async () => {
    const app = await focusedApp();
    expect(app.app.lines().at(-1)).toContain('esc back');
    await app.app.press('\x14');
    await waitFor(() => app.screen().includes('ctrl+t to show'));
    expect(app.app.lines().at(-1)).not.toContain('esc back');
  });
});
