import type { AgentEvent, TurnEndReason } from '../protocol/events';
import type { AssistantTurn, ChatMessage, ModelClient, ToolDefinition } from '../model/types';
import type { Usage } from '../protocol/usage';
import type { Tool } from '../tools/types';
import type { Todo } from '../protocol/todos';
import type { TaskListRef } from '../tasks/types';
import type { Approve } from '../protocol/approval';
import type { SandboxMode } from '../permissions/types';
import type { HookContext, HookEventName, HookInputs, HookOutcome } from '../hooks/types';
import type { HookRegistry } from '../hooks/registry';
import type { PermissionGate } from '../permissions/gate';
import { runHooks } from '../hooks/registry';
import type { ContextManager } from '../context/manager';
import type { OutputSpill } from '../context/spill';
import type { SubagentHost } from '../agents/host';
import { streamWhile } from './channel';
import { announceCall, errorText } from './execute-call';
import type { PromptServicesFor } from './call-context';
import { runTurnCalls } from './run-calls';
import { interruptedAnswer, noteStreamedText, type StreamedText } from './interrupt';
import { isPlanTool, REMINDER_TEXT, stepReminder } from './reminder';

/** What persists across the prompts of one session. */
export interface AgentState {
  sessionId: string;
  messages: ChatMessage[];
  todos: Todo[];
  /** Tool rounds since a plan tool (todo_write or a task tool) was called. */
  roundsSinceTodo: number;
  /** The task list the session works on, when it uses the task tools. */
  taskListId?: string;
}

export interface AgentDeps {
  model: ModelClient;
  tools: Record<string, Tool>;
  toolDefinitions: ToolDefinition[];
  hooks: HookRegistry;
  /** The permission gate around the PreToolUse hooks; absent: every call runs. */
  permissions?: PermissionGate;
  approve: Approve;
  /** Built per request, so mode changes reach the model at once. */
  systemPrompt: () => string;
  cwd: string;
  roots: string[];
  /** The sandbox setting; the permission gate decides per call where bash runs. */
  sandbox: SandboxMode;
  maxTurns: number;
  reminderRounds: number;
  /** Keeps each request within the model's context window (compaction, overflow recovery). */
  context: ContextManager;
  /** Keeps long tool results in files; the model gets their head, tail and path. */
  spill?: OutputSpill;
  /** The reminder's text (it names the plan tools offered); REMINDER_TEXT by default. */
  reminderText?: string;
  /** The agent's name: `main` at the top level (the default), a subagent's id otherwise. */
  agentName?: string;
  /** The task list the task tools work on. */
  taskList?: TaskListRef;
  /** Called for every message added to the history (the session log records them). */
  onMessage?: (message: ChatMessage) => void;
  /**
   * Called just before a tool runs, synchronously: the session log records the start before
   * a command can be spawned (the tool_running event reaches it only later).
   */
  onToolStart?: (callId: string) => void;
  /** Runs the `agent` tool's children; absent in a child (no recursion). */
  subagents?: SubagentHost;
  /** Expands skills for the skill tool (`!` lines and `@` files through the call path). */
  prompts?: PromptServicesFor;
  /** CLAUDE_ENV_FILE: bash sources it before each command. */
  shellEnvFile?: string;
  /** What the user typed, shown as the prompt when a `/command` expanded it for the model. */
  shownPrompt?: string;
}

/** Stop hooks may keep the model going at most this many times per prompt. */
export const MAX_STOP_CONTINUATIONS = 8;

/**
 * Runs one user prompt to the end: model, tools, reminder, repeat until the model
 * answers without tool calls. Adding a tool, hook or event never changes this function.
 */
export async function* runAgent(
  prompt: string,
  state: AgentState,
  deps: AgentDeps,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent> {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  let result = '';
  let round = 0;
  const push = (message: ChatMessage): void => {
    state.messages.push(message);
    deps.onMessage?.(message);
  };
  const end = (reason: TurnEndReason): AgentEvent => ({
    type: 'turn_end',
    reason,
    result,
    rounds: round,
    usage,
  });
  const hookContext: Omit<HookContext, 'emit'> = {
    sessionId: state.sessionId,
    cwd: deps.cwd,
    ...(deps.agentName ? { agentName: deps.agentName } : {}),
    signal,
    approve: deps.approve,
  };
  /**
   * Esc ends the turn. The model later sees what it had said by then, with a note, and
   * roles keep alternating (no two user messages in a row).
   */
  async function* interrupted(partial: string): AsyncGenerator<AgentEvent, void> {
    if (partial || state.messages.at(-1)?.role === 'user') push(interruptedAnswer(partial));
    if (partial) yield { type: 'assistant_message', text: partial, reasoning: '' };
    yield end('aborted');
  }
  const hooked = <E extends HookEventName>(event: E, input: HookInputs[E]) =>
    streamWhile<AgentEvent, HookOutcome>((emit) =>
      runHooks(deps.hooks, event, input, { ...hookContext, emit }),
    );

  yield { type: 'user_prompt', text: deps.shownPrompt ?? prompt, source: 'user' };
  const submitted = yield* hooked('UserPromptSubmit', { prompt });
  if (submitted.block !== undefined || submitted.stop !== undefined) {
    yield {
      type: 'error',
      message: `Prompt blocked by hook: ${submitted.block ?? submitted.stop}`,
      fatal: false,
    };
    yield end('stopped');
    return;
  }
  if (submitted.context) yield { type: 'hook_context', text: submitted.context };
  push({ role: 'user', content: withContext(prompt, submitted.context) });

  let continuations = 0;
  for (;;) {
    if (signal.aborted) return yield* interrupted('');
    if (round >= deps.maxTurns) return yield end('max_turns');
    round += 1;
    yield { type: 'request_start', round };

    let turn: AssistantTurn;
    const streamed: StreamedText = { text: '' };
    try {
      // The context may compact the history first, or after a context-length refusal.
      const stream = deps.context.request(
        state,
        { model: deps.model, system: deps.systemPrompt, tools: deps.toolDefinitions },
        signal,
      );
      turn = yield* noteStreamedText(stream, streamed);
    } catch (error) {
      if (signal.aborted) return yield* interrupted(streamed.text);
      yield { type: 'error', message: errorText(error), fatal: true };
      return yield end('error');
    }
    if (turn.usage) {
      usage.inputTokens += turn.usage.inputTokens;
      usage.outputTokens += turn.usage.outputTokens;
    }
    result = turn.content;
    push(assistantMessage(turn));
    yield { type: 'assistant_message', text: turn.content, reasoning: turn.reasoning };
    // With tool calls, the loop below answers each as cancelled: the API needs every answer.
    if (signal.aborted && turn.toolCalls.length === 0) return yield end('aborted');

    if (turn.toolCalls.length === 0) {
      const stopped = yield* hooked('Stop', {
        lastMessage: turn.content,
        stopHookActive: continuations > 0,
      });
      if (stopped.continueWith && !stopped.stop && continuations < MAX_STOP_CONTINUATIONS) {
        continuations += 1;
        yield { type: 'user_prompt', text: stopped.continueWith, source: 'hook' };
        push({ role: 'user', content: stopped.continueWith });
        continue;
      }
      return yield end(stopped.stop ? 'stopped' : 'done');
    }

    for (const call of turn.toolCalls) {
      const ready = announceCall(call, deps.tools);
      if (ready) yield ready;
    }
    const stopReason = yield* runTurnCalls(turn.toolCalls, {
      deps,
      state,
      hookContext,
      signal,
      push,
    });

    const usedPlanTool = turn.toolCalls.some((call) => isPlanTool(deps.tools[call.name]));
    const step = stepReminder(state.roundsSinceTodo, usedPlanTool, deps.reminderRounds);
    state.roundsSinceTodo = step.rounds;
    if (step.remind) {
      const text = deps.reminderText ?? REMINDER_TEXT;
      push({ role: 'user', content: text });
      yield { type: 'reminder_injected', text };
    }
    if (stopReason !== undefined) {
      yield { type: 'error', message: `Stopped by hook: ${stopReason}`, fatal: false };
      return yield end('stopped');
    }
  }
}

function withContext(prompt: string, context: string | undefined): string {
  return context ? `${prompt}\n\n<context>\n${context}\n</context>` : prompt;
}

/** The assistant message sent back in later requests. */
export function assistantMessage(turn: AssistantTurn): ChatMessage {
  const message: ChatMessage & { reasoning_content?: string } = {
    role: 'assistant',
    content: turn.content || (turn.toolCalls.length ? null : ''),
    ...(turn.toolCalls.length
      ? {
          tool_calls: turn.toolCalls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            // Servers such as Ollama reject history whose arguments are not JSON.
            function: {
              name: call.name,
              arguments: isJson(call.arguments) ? call.arguments : '{}',
            },
          })),
        }
      : {}),
  };
  // DeepSeek's thinking mode requires its reasoning back; others must not get it.
  if (turn.reasoningField === 'reasoning_content' && turn.reasoning) {
    message.reasoning_content = turn.reasoning;
  }
  return message;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
