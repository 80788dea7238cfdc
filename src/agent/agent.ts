import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import type { Config } from '../config/types';
import type { Approve } from '../permissions/types';
import type { AgentEvent } from './events';
import type { ChatMessage } from '../model/types';
import type { Todo } from '../todos/types';
import { createModelClient } from '../model/client';
import { offeredTools, toolDefinitions, type PlanSystem } from '../tools/registry';
import type { Tool } from '../tools/types';
import { HookRegistry } from '../hooks/registry';
import { PermissionPolicy } from '../permissions/policy';
import { createPermissionGate } from '../permissions/gate';
import { saveLocalRule } from '../config/local-rules';
import { buildSystemPrompt, loadProjectInstructions } from './prompt';
import { runAgent, type AgentState } from './loop';
import { REMINDER_TEXT, TASKS_REMINDER_TEXT } from './reminder';
import { currentPlanText } from './plan-text';
import { chooseTaskListId, taskListDir } from '../tasks/list-id';
import { readTaskList } from '../tasks/store';
import { MAIN_AGENT, type TaskListRef, type TaskListSnapshot } from '../tasks/types';
import { watchTaskList, type TaskListWatcher } from '../tasks/watch';

/** One conversation: the loop plus everything it is wired to. The app and print mode share it. */
export interface Agent {
  readonly sessionId: string;
  readonly model: string;
  /** The built-in demo model is in use. */
  readonly demo: boolean;
  /** The workspace (the demo's scratch copy when demo). */
  readonly cwd: string;
  readonly policy: PermissionPolicy;
  todos(): Todo[];
  /** The task list the session plans on; undefined when it uses todo_write. */
  readonly taskListId?: string;
  /** The task list as it is on disk now (undefined when the session uses todo_write). */
  taskList(): Promise<TaskListSnapshot | undefined>;
  /**
   * Follows the task list on disk: `listener` gets tasks_updated now and after each change
   * another process makes (an error event for a list that cannot be read). Returns stop.
   */
  watchTasks(listener: (event: AgentEvent) => void): () => void;
  /** The plan as the model sees it (the todo list, or the task list), to re-inject. */
  planText(): Promise<string>;
  messages(): readonly ChatMessage[];
  /** One prompt to the end; history persists across prompts. */
  run(prompt: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** /clear: a new conversation. */
  reset(): void;
  setModel(name: string): void;
  close(): Promise<void>;
}

export interface AgentOptions {
  approve: Approve;
  interactive: boolean;
  /** Restored state (resume). */
  state?: Partial<AgentState>;
  /** Observers for the session log. */
  onEvent?: (event: AgentEvent) => void;
  onMessage?: (message: ChatMessage) => void;
  /** Rules granted with "allow always" earlier in the session (resume). */
  grantedRules?: string[];
  /** "Allow always" granted this rule (the session log records it). */
  onGrant?: (rule: string) => void;
  /** `/permissions rm` took back a grant of this session (the session log records it). */
  onRevoke?: (rule: string) => void;
  /** A prompt ended (or was abandoned): the state the next prompt starts from. */
  onTurnEnd?: (state: Readonly<AgentState>) => void;
  /** /clear started a new conversation. */
  onReset?: () => void;
  /** The session plans on this task list (the session log records it). */
  onTaskList?: (listId: string) => void;
}

export async function createAgent(config: Config, options: AgentOptions): Promise<Agent> {
  const closers: (() => Promise<void>)[] = [];
  let cwd = config.cwd;
  let baseURL = config.baseURL;
  let apiKey = config.apiKey;
  if (config.demo) {
    // The demo speaks the same HTTP protocol as a real server, in a scratch folder.
    const [{ startScriptedServer }, { demoScript }, { createDemoWorkspace }] = await Promise.all([
      import('../demo/scripted-server'),
      import('../demo/demo-script'),
      import('../demo/sample-project'),
    ]);
    cwd = await createDemoWorkspace();
    const server = await startScriptedServer(demoScript());
    closers.push(() => server.close());
    baseURL = server.baseURL;
    apiKey = 'demo';
  }
  const roots = [cwd, ...config.addDirs];
  const plan = planSystemFor(config, options.state);
  const tools: Record<string, Tool> = offeredTools(plan);
  const definitions = toolDefinitions(tools);
  let modelName = config.demo ? 'demo' : config.model;
  const makeModel = () =>
    createModelClient({
      baseURL,
      apiKey,
      model: modelName,
      idleTimeoutMs: config.idleTimeoutMs,
      maxRetries: config.maxRetries,
    });
  let model = makeModel();

  const policy = new PermissionPolicy({
    mode: config.permissionMode,
    rules: config.permissions,
    roots,
    cwd,
    home: homedir(),
    interactive: options.interactive,
    onSessionRuleRemoved: (rule) => options.onRevoke?.(rule),
  });
  for (const rule of options.grantedRules ?? []) policy.grantAlways(rule);
  // Problems found while answering the gate (a rule that could not be saved), shown as
  // non-fatal error events before the loop's next event.
  const notices: AgentEvent[] = [];
  // Wrapped so the session log learns of "allow always" grants, whoever asks.
  const approve: Approve = async (request, signal) => {
    const answer = await options.approve(request, signal);
    if (answer.decision === 'allow_always' && request.alwaysRule) {
      options.onGrant?.(request.alwaysRule);
      if (answer.save) {
        const error = await saveAllowRule(cwd, request.alwaysRule);
        if (error) notices.push({ type: 'error', message: error, fatal: false });
      }
    }
    return answer;
  };
  const state: AgentState = {
    sessionId: options.state?.sessionId ?? randomUUID(),
    messages: options.state?.messages ?? [],
    todos: options.state?.todos ?? [],
    roundsSinceTodo: options.state?.roundsSinceTodo ?? 0,
  };
  let taskList: TaskListRef | undefined;
  if (plan === 'tasks') {
    const id = chooseTaskListId({
      configured: config.taskListId,
      recorded: options.state?.taskListId,
      sessionId: state.sessionId,
    });
    state.taskListId = id;
    taskList = { id, dir: taskListDir(config.home, id) };
  }
  // Recorded with the session's first event, so a session never started leaves no file.
  let taskListRecorded = taskList === undefined || options.state?.taskListId === taskList.id;
  const watchers = new Set<TaskListWatcher>();
  const hooks = new HookRegistry();
  hooks.on('PreToolUse', createPermissionGate(policy));
  // Hooks come from settings files: their module (with zod, for the hook schemas) loads only
  // when one configures a hook, and then settings validation has loaded zod already.
  if (Object.values(config.hooks).some((groups) => groups?.length)) {
    const { registerCommandHooks } = await import('../hooks/command-hooks');
    registerCommandHooks(hooks, config.hooks, { sessionId: state.sessionId, cwd });
  }
  const instructions = await loadProjectInstructions(cwd);

  return {
    sessionId: state.sessionId,
    get model() {
      return modelName;
    },
    demo: config.demo,
    cwd,
    policy,
    todos: () => state.todos,
    taskListId: taskList?.id,
    async taskList() {
      return taskList && { listId: taskList.id, tasks: await readTaskList(taskList.dir) };
    },
    watchTasks(listener) {
      if (!taskList) return () => undefined;
      const { id, dir } = taskList;
      const watcher = watchTaskList(
        dir,
        (tasks) => listener({ type: 'tasks_updated', listId: id, tasks }),
        { onError: (message) => listener({ type: 'error', message, fatal: false }) },
      );
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
        watcher.close();
      };
    },
    planText: () => currentPlanText(state, taskList),
    messages: () => state.messages,
    async *run(prompt, signal) {
      const events = runAgent(
        prompt,
        state,
        {
          model,
          tools,
          toolDefinitions: definitions,
          hooks,
          approve,
          systemPrompt: () =>
            buildSystemPrompt({
              cwd,
              toolNames: Object.keys(tools),
              mode: policy.mode,
              instructions,
              plan,
            }),
          cwd,
          roots,
          sandbox: config.sandbox,
          maxTurns: config.maxTurns,
          reminderRounds: config.reminderRounds,
          reminderText: plan === 'tasks' ? TASKS_REMINDER_TEXT : REMINDER_TEXT,
          agentName: MAIN_AGENT,
          taskList,
          onMessage: options.onMessage,
        },
        signal,
      );
      if (!taskListRecorded && taskList) {
        taskListRecorded = true;
        options.onTaskList?.(taskList.id);
      }
      try {
        for await (const event of events) {
          // The watchers need not announce again what the loop announces.
          if (event.type === 'tasks_updated')
            for (const watcher of watchers) watcher.seen(event.tasks);
          for (const notice of notices.splice(0)) {
            options.onEvent?.(notice);
            yield notice;
          }
          options.onEvent?.(event);
          yield event;
        }
      } finally {
        options.onTurnEnd?.(state);
      }
    },
    reset() {
      state.messages = [];
      state.todos = [];
      state.roundsSinceTodo = 0;
      options.onReset?.();
    },
    setModel(name) {
      modelName = name;
      model = makeModel();
    },
    async close() {
      for (const watcher of watchers) watcher.close();
      watchers.clear();
      await Promise.all(closers.map((close) => close()));
    },
  };
}

/**
 * Which plan tools the session offers: what the config chose (--tasks, TICK_ENABLE_TASKS,
 * the setting), else what a resumed session used. The demo's script plans with todo_write.
 */
function planSystemFor(config: Config, restored: Partial<AgentState> | undefined): PlanSystem {
  if (config.demo) return 'todos';
  return (config.tasks ?? restored?.taskListId !== undefined) ? 'tasks' : 'todos';
}

/**
 * "Allow always, and save": adds the rule to `.tick/settings.local.json`. Returns the
 * problem (a malformed file is left untouched) or undefined; the session grant stands anyway.
 */
async function saveAllowRule(cwd: string, rule: string): Promise<string | undefined> {
  try {
    await saveLocalRule(cwd, 'allow', rule);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `${rule} is allowed for this session but was not saved: ${message}`;
  }
}
