import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { AgentEvent } from '../protocol/events';
import type { Usage } from '../protocol/usage';

export type ChatMessage = ChatCompletionMessageParam;
export type ToolDefinition = ChatCompletionTool;

/** One tool call as assembled from the stream; arguments are the raw JSON text. */
export interface AssembledToolCall {
  id: string;
  name: string;
  arguments: string;
  /** The call was written as text in this format and recovered (text-calls/). */
  recovered?: string;
}

/** The model's complete answer for one request. */
export interface AssistantTurn {
  content: string;
  reasoning: string;
  /** Which field carried reasoning; DeepSeek needs `reasoning_content` sent back. */
  reasoningField?: 'reasoning_content' | 'reasoning';
  toolCalls: AssembledToolCall[];
  usage?: Usage;
  finishReason?: string;
}

export interface ModelRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  signal: AbortSignal;
}

/**
 * A streaming chat model. The generator yields the live events of one request
 * (text_delta, reasoning_delta, tool_call_started, usage, retry) and returns the
 * assembled turn. It throws ModelError after the last retry.
 */
export interface ModelClient {
  readonly model: string;
  stream(request: ModelRequest): AsyncGenerator<AgentEvent, AssistantTurn>;
}
