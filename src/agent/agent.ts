import { randomUUID } from 'node:crypto';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENTS_DEFAULTS, type Config } from '../config/types';
import { createSubagentHost } from '../agents/host';
import { childLoop, type ParentWiring } from './child-loop';
import type { Approve } from '../protocol/approval';
import type { AgentEvent } from '../protocol/events';
import type { ChatMessage } from '../model/types';
import type { Todo } from '../protocol/todos';
import { createModelClient } from '../model/client';
import type { RequestParts } from '../context/manager';
import { manualCompaction, wireContext } from './agent-context';
import { lookupTool, offeredTools, toolDefinitions, type PlanSystem } from '../tools/registry';
import type { Tool } from '../tools/types';
import { HookRegistry } from '../hooks/registry';
import { PermissionPolicy } from '../permissions/policy';
import { createPermissionGate } from '../permissions/gate';
import { claudeToolUse } from './claude-tool-use';
import { sessionApprove } from './session-approve';
import { claudeTranscriptFile, ClaudeTranscript } from '../session/claude-transcript';
import { sessionDir } from '../session/paths';
import type { SessionEndReason } from '../hooks/types';
import { buildSystemPrompt, loadProjectInstructions } from './prompt';
import { runAgent, type AgentState } from './loop';
import { SessionHooks } from './session-hooks';
import { REMINDER_TEXT, TASKS_REMINDER_TEXT } from './reminder';
import { currentPlanText } from './plan-text';
import { MAIN_AGENT } from '../tasks/types';
import { type TaskListSnapshot } from '../protocol/tasks';
import { SessionTasks } from './session-tasks';

/** Print mode's cap on model requests per prompt without --max-turns; the app has none (Esc stops a runaway). */
export const PRINT_MAX_TURNS = 100;

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
  messages(): readonly ChatMessage[];
  /** One prompt to the end; history persists across prompts. */
  run(prompt: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** /compact: summarise the older history now (`focus`: what the summary should keep). */
  compact(focus: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** How full the context is, estimated from the history (before any request). */
  contextUsage(): { tokens: number; window?: number };
  /** The task list the session plans on; undefined when it uses todo_write. */
  readonly taskListId?: string;
  /** The task list as it is on disk now (undefined when the session uses todo_write). */
  taskList(): Promise<TaskListSnapshot | undefined>;
  /**
   * Follows the task list on disk: `listener` gets tasks_updated now and after each change
   * another process makes (an error event for a list that cannot be read). Returns stop.
   */
  watchTasks(listener: (event: AgentEvent) => void): () => void;
  /** The plan as the model sees it (the todo list, or the task list), to re-inject; '' when none. */
  planText(): Promise<string>;
  /** /clear: a new conversation. */
  reset(): void;
  setModel(name: string): void;
  /** Ends the session (SessionEnd hooks: `prompt_input_exit` when the user quit, else `other`). */
  close(reason?: Extract<SessionEndReason, 'prompt_input_exit' | 'other'>): Promise<void>;
  /** The Claude Code-shaped transcript hooks get as `transcript_path`. */
  readonly transcriptPath: string;
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
  /** The history was replaced by a compacted one (the session log records it). */
  onCompact?: (messages: ChatMessage[]) => void;
  /**
   * The session's own folder (long tool outputs are kept there); read_file may read it
   * without asking. Default: a folder in the system's temp folder.
   */
  dataDir?: string;
  /** The session plans on this task list (the session log records it). */
  onTaskList?: (listId: string) => void;
  /** A prompt ended (or was abandoned): the state the next prompt starts from. */
  onTurnEnd?: (state: Readonly<AgentState>) => void;
  /** /clear started a new conversation. */
  onReset?: () => void;
  /** A message of a subagent's own history (the session log keeps it as a side chain). */
  onSubagentMessage?: (agentId: string, parentCallId: string, message: ChatMessage) => void;
  /** A call of the main agent is about to run (the session log records it before it does). */
  onToolStart?: (callId: string) => void;
}

export async function createAgent(config: Config, options: AgentOptions): Promise<Agent> {
  const demo = config.demo
    ? await (await import('../demo/demo-backend')).startDemoBackend()
    : undefined;
  const cwd = demo?.cwd ?? config.cwd;
  const baseURL = demo?.baseURL ?? config.baseURL;
  const apiKey = demo?.apiKey ?? config.apiKey;
  const roots = [cwd, ...config.addDirs];
  const plan = planSystemFor(config, options.state);
  const tools: Record<string, Tool> = offeredTools(plan);
  const definitions = toolDefinitions(tools);
  let modelName = config.demo ? 'demo' : config.model;
  const makeModel = (name = modelName) =>
    createModelClient({
      baseURL,
      apiKey,
      model: name,
      idleTimeoutMs: config.idleTimeoutMs,
      maxRetries: config.maxRetries,
    });
  let model = makeModel();

  const sessionId = options.state?.sessionId ?? randomUUID();
  const dataDir = options.dataDir ?? join(tmpdir(), `tick-${sessionId}`);
  const policy = new PermissionPolicy({
    mode: config.permissionMode,
    ...(config.ruleSources ? { sources: config.ruleSources } : { rules: config.permissions }),
    roots,
    // tick's own files (long outputs kept for the model) are read without asking.
    readRoots: [dataDir],
    cwd,
    home: homedir(),
    interactive: options.interactive,
    onSessionRuleRemoved: (rule) => options.onRevoke?.(rule),
  });
  for (const rule of options.grantedRules ?? []) policy.grantAlways(rule);
  // Problems found while answering the gate (a rule that could not be saved), shown as
  // non-fatal error events before the loop's next event.
  const notices: AgentEvent[] = [];
  const report = (event: AgentEvent) => notices.push(event);
  const approve = sessionApprove({
    ask: options.approve,
    cwd,
    policy,
    // Claude Code's Notification: tick waits for the user (print mode never does).
    ...(options.interactive && {
      beforeAsk: (toolName: string) => {
        const tool = lookupTool(toolName, tools);
        const name = tool.ok ? tool.tool.claude.name : toolName;
        sessionHooks.notify(`tick needs your permission to use ${name}`, 'permission_prompt');
      },
    }),
    ...(options.onGrant && { onGrant: options.onGrant }),
    report,
  });
  const state: AgentState = {
    sessionId,
    messages: options.state?.messages ?? [],
    todos: options.state?.todos ?? [],
    roundsSinceTodo: options.state?.roundsSinceTodo ?? 0,
  };
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
  // Recorded with the session's first event, so a session never started leaves no file.
  let taskListRecorded = taskList === undefined || options.state?.taskListId === taskList.id;
  const hooks = new HookRegistry();
  const permissions = createPermissionGate(policy);
  const restored = [...state.messages];
  const transcript = new ClaudeTranscript(
    claudeTranscriptFile(sessionDir(config.home, config.cwd), state.sessionId),
    {
      sessionId: state.sessionId,
      cwd,
      get model() {
        return modelName;
      },
      toolUse: (name, args) => claudeToolUse(tools, cwd, name, args),
    },
    () => restored,
    (message) => report({ type: 'error', message, fatal: false }),
  );
  const sessionHooks = new SessionHooks(hooks, {
    sessionId: state.sessionId,
    cwd,
    approve,
    model: () => modelName,
    report,
  });
  // SessionStart's context reaches the model with the next prompt, before the hooks' own.
  hooks.on('UserPromptSubmit', async () => {
    const context = sessionHooks.takeContext();
    return context ? { context } : {};
  });
  // Hooks come from settings files: their module loads only when one configures a hook.
  if (Object.values(config.hooks).some((groups) => groups?.length)) {
    const { registerCommandHooks } = await import('../hooks/command-hooks');
    registerCommandHooks(hooks, config.hooks, {
      sessionId: state.sessionId,
      cwd,
      transcriptPath: () => transcript.path(),
      permissionMode: () => policy.mode,
      ruleMatches: (rule, call) => policy.ruleMatchesCall(rule, call),
    });
  }
  const instructions = await loadProjectInstructions(cwd);
  await sessionHooks.start(restored.length > 0 ? 'resume' : 'startup');
  const systemPrompt = () =>
    buildSystemPrompt({
      cwd,
      toolNames: Object.keys(tools),
      mode: policy.mode,
      instructions,
      plan,
    });
  const requestParts = (): RequestParts => ({ model, system: systemPrompt, tools: definitions });
  const { context, spill, childContext } = wireContext({
    config,
    baseURL,
    apiKey,
    state,
    hooks,
    hookContext: { cwd, approve },
    dataDir,
    modelName: () => modelName,
    planText: () => currentPlanText(state, taskList),
    onCompact: (messages) => options.onCompact?.(messages),
  });
  /** What the loop runs with, the main agent's and its children's alike. */
  const loopWiring = (): ParentWiring => ({
    tools,
    hooks,
    permissions,
    approve,
    cwd,
    roots,
    sandbox: config.sandbox,
    reminderRounds: config.reminderRounds,
    reminderText: plan === 'tasks' ? TASKS_REMINDER_TEXT : REMINDER_TEXT,
    taskList,
    spill,
  });
  const agents = config.agents ?? AGENTS_DEFAULTS;
  const subagents = createSubagentHost({
    settings: agents,
    runChild: childLoop({
      sessionId: state.sessionId,
      maxTurns: agents.maxTurns,
      parent: loopWiring,
      model: () => (agents.model ? makeModel(agents.model) : model),
      systemPrompt: (toolNames) =>
        buildSystemPrompt({ cwd, toolNames, mode: policy.mode, instructions, plan }),
      context: (child) => childContext(() => currentPlanText(child, taskList)),
      transcript: (agentId) => transcript.sidechain(agentId),
      ...(options.onSubagentMessage ? { onMessage: options.onSubagentMessage } : {}),
    }),
  });
  /** Passes events on to the session log and the caller; the turn's state is saved at the end. */
  async function* relay(events: AsyncGenerator<AgentEvent>): AsyncGenerator<AgentEvent> {
    try {
      for await (const event of events) {
        // The watchers need not announce again what the loop announces.
        if (event.type === 'tasks_updated') tasks.seen(event.tasks);
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
  }

  return {
    sessionId: state.sessionId,
    get model() {
      return modelName;
    },
    demo: config.demo,
    cwd,
    policy,
    transcriptPath: transcript.file,
    taskListId: taskList?.id,
    taskList: () => tasks.snapshot(),
    watchTasks: (listener) => tasks.watch(listener),
    planText: () => currentPlanText(state, taskList),
    todos: () => state.todos,
    messages: () => state.messages,
    async *run(prompt, signal) {
      await sessionHooks.ready();
      if (!taskListRecorded && taskList) {
        taskListRecorded = true;
        options.onTaskList?.(taskList.id);
      }
      yield* relay(
        runAgent(
          prompt,
          state,
          {
            ...loopWiring(),
            model,
            toolDefinitions: definitions,
            systemPrompt,
            maxTurns:
              config.maxTurns ?? (options.interactive ? Number.POSITIVE_INFINITY : PRINT_MAX_TURNS),
            agentName: MAIN_AGENT,
            context,
            onMessage: (message) => {
              options.onMessage?.(message);
              transcript.add(message);
            },
            ...(options.onToolStart ? { onToolStart: options.onToolStart } : {}),
            subagents,
          },
          signal,
        ),
      );
    },
    compact(focus, signal) {
      return relay(manualCompaction(context, state, requestParts(), focus, signal));
    },
    contextUsage() {
      const { tokens, window } = context.usage(state, requestParts());
      return window ? { tokens, window } : { tokens };
    },
    reset() {
      state.messages = [];
      state.todos = [];
      state.roundsSinceTodo = 0;
      options.onReset?.();
      // Claude Code ends the session and starts a new one on /clear; the next prompt waits.
      void sessionHooks.end('clear');
      void sessionHooks.start('clear');
    },
    setModel(name) {
      modelName = name;
      model = makeModel();
    },
    async close(reason = 'other') {
      tasks.close();
      await sessionHooks.end(reason, true);
      await demo?.close();
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
