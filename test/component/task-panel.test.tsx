import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { TaskPanel } from '../../components/TaskPanel';
import { EventBatcher } from '../../src/app/batcher';
import { FrameScheduler } from '../../src/app/frame-scheduler';
import { createAppStore } from '../../src/store/store';
import type { AppState } from '../../src/store/types';
import type { Task } from '../../src/protocol/tasks';
import { makeTask } from '../support/tasks';
import {
  COLOR_LOOK,
  mount,
  waitFor,
  startApp,
  stylesBefore,
  type AppRig,
  type Mounted,
} from './helpers';
import { lookOf } from '../../src/tools/registry';

const mounted: Mounted[] = [];
const apps: AppRig[] = [];
const batchers: EventBatcher[] = [];
afterEach(async () => {
  mounted.splice(0).forEach((m) => m.unmount());
  for (const app of apps.splice(0)) await app.close();
  batchers.splice(0).forEach((b) => b.dispose());
});

const task = makeTask;

const tasks: Task[] = [
  task('1', { subject: 'Write the parser', status: 'completed' }),
  task('2', {
    subject: 'Test the parser',
    status: 'in_progress',
    activeForm: 'Testing the parser',
  }),
  task('3', { subject: 'Ship it', blockedBy: ['2', '4'] }),
  task('4', { subject: 'Review', owner: 'reviewer' }),
  task('5', { subject: 'Celebrate', blockedBy: ['1'] }),
];

const SPIN = '[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]';

async function panel(state: Partial<AppState>, look = undefined as typeof COLOR_LOOK | undefined) {
  const m = await mount(<TaskPanel width={60} maxRows={10} />, {
    columns: 60,
    look,
    state: {
      taskListId: 'list',
      tasks,
      taskStartedAt: { '2': Date.now() - 3_100 },
      status: 'busy',
      ...state,
    },
  });
  mounted.push(m);
  return m;
}

describe('the task panel', () => {
  test('header, each status as for todos, blockers on pending tasks, owners other than main', async () => {
    const rows = (await panel({})).rows();
    expect(rows[0]).toBe('Tasks 1/5  ctrl+t to fold');
    expect(rows[1]).toBe('☑ #1 Write the parser');
    expect(rows[2]).toMatch(new RegExp(`^${SPIN} #2 Testing the parser 3s$`));
    expect(rows[3]).toBe('☐ #3 Ship it  blocked by #2, #4');
    expect(rows[4]).toBe('☐ #4 Review  @reviewer');
    // Its only blocker is completed: nothing to wait for.
    expect(rows[5]).toBe('☐ #5 Celebrate');
  });

  test('"blocked by" is dim', async () => {
    const m = await panel({}, COLOR_LOOK);
    expect(stylesBefore(m.lastFrame(), '  blocked by #2, #4')).toContain(2);
    expect(stylesBefore(m.lastFrame(), 'Ship it')).not.toContain(2);
  });

  test('Ctrl+T folds it to its header with the task in progress', async () => {
    const rows = (await panel({ planPanel: { mode: 'folded', top: null } })).rows();
    expect(rows[0]).toMatch(
      new RegExp(`^Tasks 1/5 · ${SPIN} Testing the parser 3s  ctrl\\+t to show$`),
    );
    expect(rows[1] ?? '').toBe('');
  });

  test('nothing is drawn for an empty list', async () => {
    expect((await panel({ tasks: [] })).rows().join('')).toBe('');
  });
});

describe('the app in a session planning with tasks', () => {
  test('shows the task panel, not the todo panel, and follows the list between turns', async () => {
    let push: ((event: AgentEvent) => void) | undefined;
    const rig = await startApp([], { columns: 80, rows: 20 });
    apps.push(rig);
    Object.assign(rig.agent, {
      taskListId: 'shared',
      watchTasks(listener: (event: AgentEvent) => void) {
        push = listener;
        listener({
          type: 'tasks_updated',
          listId: 'shared',
          tasks: [task('1'), task('2', { blockedBy: ['1'] })],
        });
        return () => (push = undefined);
      },
    });
    rig.controller.attach(rig.agent);
    await waitFor(() => rig!.screen().includes('Tasks 0/2'), 2000, 'the panel');
    expect(rig.screen()).toContain('Tasks 0/2');
    expect(rig.screen()).toContain('☐ #2 Step 2  blocked by #1');
    expect(rig.screen()).not.toContain('Todos');

    // Another process completes #1: no turn runs, the panel changes.
    push?.({
      type: 'tasks_updated',
      listId: 'shared',
      tasks: [task('1', { status: 'completed' }), task('2', { blockedBy: ['1'] })],
    });
    await waitFor(() => rig!.screen().includes('Tasks 1/2'), 2000, 'the panel after the change');
    expect(rig.controller.store.getState().status).toBe('idle');
    expect(rig.screen()).toContain('Tasks 1/2');
    expect(rig.screen()).toContain('☐ #2 Step 2');
    expect(rig.screen()).not.toContain('blocked by');
  });
});

describe('the batcher', () => {
  test('a task tool’s card and the task panel change in the same update', async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const store = createAppStore({ model: 'm', mode: 'default', demo: false, cwd: '/w' });
    const states: AppState[] = [];
    store.subscribe((state) => states.push(state));
    const batcher = new EventBatcher(store, new FrameScheduler({ intervalMs: 30 }));
    batchers.push(batcher);
    batcher.push({
      type: 'tool_call_ready',
      id: 't',
      name: 'task_update',
      look: lookOf('task_update'),
      input: {},
      summary: '#1 -> completed',
    });
    await vi.advanceTimersByTimeAsync(50);
    const before = states.length;
    batcher.push({
      type: 'tool_result',
      id: 't',
      name: 'task_update',
      look: lookOf('task_update'),
      status: 'ok',
      output: 'Task #1 completed: Step 1.',
      durationMs: 1,
    });
    // The next macrotasks, with no time passing: the card waits for its list.
    await vi.advanceTimersByTimeAsync(0);
    expect(states.length).toBe(before);
    const list = [task('1', { status: 'completed' })];
    batcher.push({ type: 'tasks_updated', listId: 'l', tasks: list });
    const after = states.slice(before);
    expect(after).toHaveLength(1);
    expect(after[0].tasks).toEqual(list);
    expect(after[0].items.at(-1)).toMatchObject({
      kind: 'tool',
      card: { name: 'task_update', status: 'ok' },
    });
  });
});
