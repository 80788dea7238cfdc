import type { ChatMessage, ToolDefinition } from '../model/types';

/**
 * Characters per token for the estimate. Real tokenizers give 3-4 for code and English; the
 * meter corrects the estimate with the server's own counts as soon as it reports usage.
 */
export const CHARS_PER_TOKEN = 4;

export function tokensOfChars(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export function charsOfTokens(tokens: number): number {
  return Math.max(0, Math.floor(tokens * CHARS_PER_TOKEN));
}

/** A message's size as it goes over the wire (role, content, tool calls). */
export function messageChars(message: ChatMessage): number {
  return JSON.stringify(message).length;
}

export function messagesChars(messages: readonly ChatMessage[]): number {
  // The commas of the JSON array: one per message, as the server sees the list.
  return messages.reduce((sum, message) => sum + messageChars(message) + 1, 1);
}

/** Estimated tokens of a whole request: messages (system prompt included) and tools. */
export function estimateRequestTokens(
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
): number {
  const toolChars = tools.length ? JSON.stringify(tools).length : 0;
  return tokensOfChars(messagesChars(messages) + toolChars);
}

export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  return tokensOfChars(messagesChars(messages));
}
