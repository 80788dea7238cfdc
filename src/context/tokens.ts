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

/** Messages do not change once in the history: each is measured once. */
const measured = new WeakMap<ChatMessage, number>();

/** A message's size as it goes over the wire (role, content, tool calls). */
export function messageChars(message: ChatMessage): number {
  let chars = measured.get(message);
  if (chars === undefined) {
    chars = JSON.stringify(message).length;
    measured.set(message, chars);
  }
  return chars;
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
  return tokensOfChars(messagesChars(messages) + toolsChars(tools));
}

/** The tool definitions' size; the same list goes with every request, so it is measured once. */
const measuredTools = new WeakMap<readonly ToolDefinition[], number>();

function toolsChars(tools: readonly ToolDefinition[]): number {
  if (!tools.length) return 0;
  let chars = measuredTools.get(tools);
  if (chars === undefined) {
    chars = JSON.stringify(tools).length;
    measuredTools.set(tools, chars);
  }
  return chars;
}

export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  return tokensOfChars(messagesChars(messages));
}
