import { itemsInProgress } from './plan-items';
import type { ItemGrant } from '../permissions/item-grants';
import type { ChatMessage } from '../model/types';
import type { PermissionPolicy } from '../permissions/policy';
import { MAIN_AGENT } from '../tasks/types';
import type { TaskListSnapshot } from '../protocol/tasks';
import type { Todo } from '../protocol/todos';
import type { Config } from '../config/types';
import type { SessionEndReason } from '../hooks/types';
import type { AgentOptions } from './agent-options';
import type { AgentEvent } from '../protocol/events';
import { runAgent } from './loop';
import { checkpointsStep, rewindTurn, type CheckpointParts } from './wire-checkpoints';
import type { SessionCheckpoints } from '../checkpoints/session';
import type { RewindRequest } from '../protocol/checkpoints';
import { contextStep, manualCompaction, type ContextParts } from './wire-context';
import { extensionsStep, type ExtensionParts } from './wire-extensions';
import { hooksStep, type HookParts } from './wire-hooks';
import { mcpStep, type McpParts } from './wire-mcp';
import type { McpSession } from '../mcp/session';
import { modelStep, type ModelParts } from './wire-model';
import { doctorStep, type DoctorParts } from './wire-doctor';
import type { DoctorReport } from '../model/doctor/types';
import { planStep, type PlanParts } from './wire-plan';
import { policyStep, type PolicyParts } from './wire-policy';
import { sessionStep, type SessionParts, type Setup } from './wire-session';
import { loopWiring, subagentsStep, type SubagentParts } from './wire-subagents';
import { Wiring } from './wiring';
import { expandTyped, typedCommand } from './typed-command';
import type { UserCommandInfo } from '../protocol/user-commands';
import { memoryReport } from '../extensions/memory-report';

export type { AgentOptions } from './agent-options';

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
  /** What the user should know from the start (the sandbox cannot run here). */
  readonly notices: readonly string[];
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
  /** The plan as the model sees it (the todo list, or the task list), to re-inject. */
  planText(): Promise<string>;
  /** "Allow for this item" grants in force (their items are still in progress). */
  itemGrants(): Promise<readonly ItemGrant[]>;
  /** /clear: a new conversation. */
  reset(): void;
  /** The notices waiting for the next event (setup warnings, ...), taken to show now. */
  takeNotices(): string[];
  /** The slash commands and skills a user may type. */
  userCommands(): readonly UserCommandInfo[];
  /** /memory: the instruction files loaded so far, and the problems found in them. */
  memory(): string;
  /** `/doctor`: the configured server checked as `tick doctor` does. */
  doctor(signal?: AbortSignal): Promise<DoctorReport>;
  /** Stops one running subagent alone (its parent's turn goes on); false when none runs. */
  stopSubagent(agentId: string): boolean;
  setModel(name: string): void;
  /** Ends the session (SessionEnd hooks: `prompt_input_exit` when the user quit, else `other`). */
  close(reason?: Extract<SessionEndReason, 'prompt_input_exit' | 'other'>): Promise<void>;
  /** The Claude Code-shaped transcript hooks get as `transcript_path`. */
  readonly transcriptPath: string;
  /** The session's MCP servers, when any is configured (`/mcp`). */
  readonly mcp?: McpSession;
  /** The points taken before calls (what /rewind lists and previews). */
  readonly checkpoints: Pick<
    SessionCheckpoints,
    'off' | 'choices' | 'preview' | 'undoPreview' | 'undoneItems'
  >;
  /** /rewind, /undo: puts files (and, when chosen, the conversation) back; ends with turn_end. */
  rewind(request: RewindRequest, signal: AbortSignal): AsyncGenerator<AgentEvent>;
}

/**
 * A session: the loop plus everything it is wired to, one named step at a time (each in a
 * `wire-*.ts` file of its own; `wiring.ts` says how a new subsystem adds its step).
 */
export async function createAgent(config: Config, options: AgentOptions): Promise<Agent> {
  const parts = await Wiring.of<Setup>({ config, options })
    .add(sessionStep) // the workspace, the session's id, folder, state and hook registry
    .add(planStep) // todo_write or the task tools (and so the tools offered); the task list
    .add(modelStep) // the model client, switched by /model
    .add(doctorStep) // tick doctor for this session: /doctor, the line after a failure
    .add(policyStep) // permission policy, gate, the session's approve
    .add(extensionsStep) // instruction files, slash commands, skills, agent types
    .add(mcpStep) // MCP servers, started in the background; their tools join the session's
    .add(contextStep) // instructions, system prompt, tool definitions, context window, spill
    .add(hooksStep) // command hooks, SessionStart/End, Notification, Claude transcript
    .add(checkpointsStep) // a point before each call that may change files; rewind
    .add(subagentsStep) // the agent tool's children
    .done();
  return sessionAgent(parts);
}

/** Every part a session is wired from. */
type SessionWiring = Setup &
  SessionParts &
  PlanParts &
  ModelParts &
  DoctorParts &
  PolicyParts &
  ExtensionParts &
  ContextParts &
  McpParts &
  HookParts &
  CheckpointParts &
  SubagentParts;

/** The Agent over its wired parts: what each call of the app or print mode does with them. */
function sessionAgent(parts: SessionWiring): Agent {
  const { config, options, state, model, context, sessionHooks, transcript, tasks } = parts;
  /** Passes events on to the session log and the caller; the turn's state is saved at the end. */
  async function* relay(events: AsyncGenerator<AgentEvent>): AsyncGenerator<AgentEvent> {
    try {
      for await (const event of events) {
        // The watchers need not announce again what the loop announces.
        if (event.type === 'tasks_updated') tasks.seen(event.tasks);
        for (const notice of parts.notices.splice(0)) {
          options.onEvent?.(notice);
          yield notice;
        }
        options.onEvent?.(event);
        yield event;
        // The doctor's line follows the session's first failed request.
        for await (const line of parts.doctor.after(event)) {
          options.onEvent?.(line);
          yield line;
        }
      }
    } finally {
      options.onTurnEnd?.(state);
    }
  }

  /** One user prompt: a typed `/command` expanded first; its grants end with the prompt. */
  async function* userTurn(typed: string, signal: AbortSignal): AsyncGenerator<AgentEvent> {
    const wiring = loopWiring(parts);
    let prompt = typed;
    let client = model.client;
    try {
      const command = typedCommand(typed, parts.extensions.commands);
      if (command) {
        const hookContext = {
          sessionId: state.sessionId,
          cwd: parts.cwd,
          signal,
          approve: parts.approve,
        };
        const expanded = yield* expandTyped(
          command,
          { ...wiring, signal, hookContext },
          parts.grants,
          state.sessionId,
        );
        if (!expanded.ok) {
          yield {
            type: 'turn_end',
            reason: 'error',
            result: '',
            rounds: 0,
            usage: { inputTokens: 0, outputTokens: 0 },
          };
          return;
        }
        prompt = expanded.prompt;
        if (expanded.model) client = model.clientFor(expanded.model);
      }
      yield* runAgent(
        prompt,
        state,
        {
          ...wiring,
          model: client,
          // Read per request: MCP tools come and go while the session runs.
          get toolDefinitions() {
            return parts.definitions();
          },
          systemPrompt: parts.systemPrompt,
          maxTurns:
            config.maxTurns ?? (options.interactive ? Number.POSITIVE_INFINITY : PRINT_MAX_TURNS),
          agentName: MAIN_AGENT,
          context,
          onMessage: (message) => {
            options.onMessage?.(message);
            transcript.add(message);
          },
          ...(options.onToolStart ? { onToolStart: options.onToolStart } : {}),
          subagents: parts.subagents,
          ...(prompt !== typed ? { shownPrompt: typed.trim() } : {}),
        },
        signal,
      );
    } finally {
      parts.grants.clear();
      if (options.interactive) sessionHooks.idleAfterTurn();
    }
  }

  return {
    sessionId: state.sessionId,
    get model() {
      return model.name;
    },
    demo: config.demo,
    cwd: parts.cwd,
    policy: parts.policy,
    notices: parts.sandboxNotice ? [parts.sandboxNotice] : [],
    transcriptPath: transcript.file,
    taskListId: parts.taskList?.id,
    taskList: () => tasks.snapshot(),
    watchTasks: (listener) => tasks.watch(listener),
    async itemGrants() {
      parts.itemGrants.prune(itemsInProgress(state.todos, await tasks.snapshot()));
      return parts.itemGrants.list();
    },
    planText: parts.planText,
    todos: () => state.todos,
    messages: () => state.messages,
    ...(parts.mcp ? { mcp: parts.mcp } : {}),
    async *run(typed, signal) {
      sessionHooks.busy();
      await sessionHooks.ready();
      // The prompt's first request offers the servers still starting once they are up.
      await parts.mcp?.settled();
      parts.recordTaskList();
      yield* relay(userTurn(typed, signal));
    },
    compact(focus, signal) {
      return relay(manualCompaction(context, state, parts.requestParts(), focus, signal));
    },
    checkpoints: parts.checkpoints,
    rewind(request) {
      return relay(rewindTurn(parts, request));
    },
    contextUsage() {
      const { tokens, window } = context.usage(state, parts.requestParts());
      return window ? { tokens, window } : { tokens };
    },
    takeNotices: () => {
      const messages: string[] = [];
      const kept: AgentEvent[] = [];
      for (const notice of parts.notices) {
        if (notice.type === 'error') messages.push(notice.message);
        else kept.push(notice);
      }
      parts.notices.splice(0, parts.notices.length, ...kept);
      return messages;
    },
    userCommands: () =>
      parts.extensions.commands
        .filter((c) => c.userInvocable)
        .map((c) => ({
          name: c.name,
          description: c.description,
          kind: c.kind,
          ...(c.argumentHint ? { argumentHint: c.argumentHint } : {}),
        })),
    memory: () => memoryReport(parts.extensions, parts.cwd),
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
      model.switchTo(name);
    },
    doctor: (signal) => parts.doctor.run(signal),
    stopSubagent: (agentId) => parts.subagents.stop(agentId),
    close: (reason = 'other') => parts.teardown.run(reason),
  };
}
