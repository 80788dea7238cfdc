import type { TaskListRef } from '../tasks/types';
import { offeredTools, type PlanSystem } from '../tools/registry';
import type { Tool } from '../tools/types';
import type { AgentState } from './loop';
import { currentPlanText } from './plan-text';
import { SessionTasks } from './session-tasks';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface PlanParts {
  /** Which plan tools the session offers: todo_write, or the task tools. */
  plan: PlanSystem;
  /** The tools a call may name; a step before `context` may add its own. */
  tools: Record<string, Tool>;
  /**
   * The tools whose definitions the model is offered: the same as `tools`, unless a step
   * holds some back (MCP's tool search offers its search tool instead of every tool).
   */
  offered: Record<string, Tool>;
  /** The session's task list and its watchers (none with todo_write). */
  tasks: SessionTasks;
  taskList: TaskListRef | undefined;
  /** The plan as the model sees it (the todo list, or the task list), to re-inject. */
  planText: () => Promise<string>;
  /** Before the first prompt: the session log learns which task list it plans on (once). */
  recordTaskList: () => void;
}

/**
 * The plan system: todo_write (V1) or the task tools on a shared list (V2), and so the
 * tools offered; the task list's watchers stop when the session closes.
 */
export const planStep: WiringStep<Setup & Pick<SessionParts, 'state' | 'teardown'>, PlanParts> = {
  name: 'plan',
  wire: ({ config, options, state, teardown }) => {
    const plan = planSystemFor(config, options.state);
    const tasks =
      plan === 'tasks'
        ? SessionTasks.choose({
            home: config.home,
            configured: config.taskListId,
            recorded: options.state?.taskListId,
            sessionId: state.sessionId,
          })
        : new SessionTasks(undefined);
    const taskList = tasks.list;
    if (taskList) state.taskListId = taskList.id;
    teardown.defer(() => tasks.close());
    // Recorded with the session's first prompt, so a session never started leaves no file.
    let recorded = taskList === undefined || options.state?.taskListId === taskList.id;
    const tools = offeredTools(plan);
    return {
      plan,
      tools,
      offered: tools,
      tasks,
      taskList,
      planText: () => currentPlanText(state, taskList),
      recordTaskList: () => {
        if (recorded || !taskList) return;
        recorded = true;
        options.onTaskList?.(taskList.id);
      },
    };
  },
};

/**
 * Which plan tools the session offers: what the config chose (--tasks, TICK_ENABLE_TASKS,
 * the setting), else what a resumed session used. The demo's script plans with todo_write.
 */
function planSystemFor(
  config: Setup['config'],
  restored: Partial<AgentState> | undefined,
): PlanSystem {
  if (config.demo) return 'todos';
  return (config.tasks ?? restored?.taskListId !== undefined) ? 'tasks' : 'todos';
}
