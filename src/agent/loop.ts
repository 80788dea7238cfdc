import type { AgentEvent, TurnEndReason } from './events';
import type {
  AssistantTurn,
  ChatMessage,
  ModelClient,
  ToolDefinition,
  Usage,
} from '../model/types';
import type { Tool } from '../tools/types';
import type { Todo } from '../todos/types';
import type { Approve } from '../permissions/types';
import type { HookContext, HookEventName, HookInputs, HookOutcome } from '../hooks/types';
import type { HookRegistry } from '../hooks/registry';
import { runHooks } from '../hooks/registry';
import { streamWhile } from './channel';
import { errorText, executeToolCall, type CallOutcome } from './execute-call';
import { interruptedAnswer, noteStreamedText, type StreamedText } from './interrupt';
import { REMINDER_TEXT, stepReminder } from './reminder';

/** What persists across the prompts of one session. */
export interface AgentState {
  sessionId: string;
  messages: ChatMessage[];
  todos: Todo[];
  roundsSinceTodo: number;
}

export interface AgentDeps {
  model: ModelClient;
  tools: Record<string, Tool>;
  toolDefinitions: ToolDefinition[];
  hooks: HookRegistry;
  approve: Approve;
  /** Built per request, so mode changes reach the model at once. */
  systemPrompt: () => string;
  cwd: string;
  roots: string[];
  sandbox: boolean;
  maxTurns: number;
  reminderRounds: number;
  /** Called for every message added to the history (the session log records them). */
  onMessage?: (message: ChatMessage) => void;
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

  yield { type: 'user_prompt', text: prompt, source: 'user' };
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
      const stream = deps.model.stream({
        messages: [{ role: 'system', content: deps.systemPrompt() }, ...state.messages],
        tools: deps.toolDefinitions,
        signal,
      });
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

    let stopReason: string | undefined;
    for (const call of turn.toolCalls) {
      if (signal.aborted || stopReason !== undefined) {
        const output = signal.aborted
          ? 'Error: cancelled by the user'
          : `Error: not run: ${stopReason}`;
        yield {
          type: 'tool_result',
          id: call.id,
          name: call.name,
          status: 'cancelled',
          output,
          durationMs: 0,
        };
        push({ role: 'tool', tool_call_id: call.id, content: output });
        continue;
      }
      const outcome = yield* streamWhile<AgentEvent, CallOutcome>((emit) =>
        executeToolCall(call, { ...deps, hookContext: { ...hookContext, emit }, signal }, emit),
      );
      push({ role: 'tool', tool_call_id: call.id, content: outcome.output });
      if (outcome.todos) {
        state.todos = outcome.todos;
        yield { type: 'todos_updated', todos: outcome.todos };
      }
      stopReason ??= outcome.stop;
    }

    const usedTodoWrite = turn.toolCalls.some((call) => call.name === 'todo_write');
    const step = stepReminder(state.roundsSinceTodo, usedTodoWrite, deps.reminderRounds);
    state.roundsSinceTodo = step.rounds;
    if (step.remind) {
      push({ role: 'user', content: REMINDER_TEXT });
      yield { type: 'reminder_injected', text: REMINDER_TEXT };
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
