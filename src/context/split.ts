import type { ChatMessage } from '../model/types';
import { cutMarker } from '../tools/output-buffer';
import { charsOfTokens, messageChars, tokensOfChars } from './tokens';

/** A message's estimated tokens (the comma between messages included). */
export type MessageEstimate = (message: ChatMessage) => number;

const estimateMessage: MessageEstimate = (message) => tokensOfChars(messageChars(message) + 1);

/** A kept tool result is never cut below this many characters. */
const MIN_KEPT_TOOL_CHARS = 1_000;

/**
 * Where a history may be cut: before a user or assistant message. A tool result follows the
 * assistant message that called it, so cutting before one would separate the two (and the
 * API refuses a tool result without its call).
 */
export function isSplitPoint(messages: readonly ChatMessage[], index: number): boolean {
  if (index <= 0 || index >= messages.length) return index === messages.length;
  return messages[index].role !== 'tool';
}

export interface Split {
  /** messages[0..index) are summarised, messages[index..] kept. */
  index: number;
  /** The kept messages, with long tool results cut to fit when the last round alone did not. */
  kept: ChatMessage[];
}

/**
 * The most recent messages that fit `budget` tokens, starting at a split point. When even the
 * last round (an assistant message with its tool results) does not fit, its tool results are
 * cut in the middle to fit; when that is not enough, nothing is kept. Pure.
 */
export function chooseSplit(
  messages: readonly ChatMessage[],
  budget: number,
  estimate: MessageEstimate = estimateMessage,
): Split {
  let best = messages.length;
  let suffix = 0;
  for (let index = messages.length - 1; index > 0; index -= 1) {
    suffix += estimate(messages[index]);
    if (!isSplitPoint(messages, index)) continue;
    if (suffix > budget) break;
    best = index;
  }
  if (best < messages.length) return { index: best, kept: messages.slice(best) };
  // Nothing fits whole: try the last round (the last assistant message on) with its tool
  // results cut.
  const lastRound = messages.findLastIndex((message) => message.role === 'assistant');
  const clipped =
    lastRound > 0 ? clipToolResults(messages.slice(lastRound), budget, estimate) : undefined;
  return clipped ? { index: lastRound, kept: clipped } : { index: messages.length, kept: [] };
}

/**
 * Cuts the tool results of `round` in the middle, sharing what the budget leaves after the
 * other messages; undefined when even that does not fit.
 */
function clipToolResults(
  round: ChatMessage[],
  budget: number,
  estimate: MessageEstimate,
): ChatMessage[] | undefined {
  const total = (list: ChatMessage[]) => list.reduce((sum, m) => sum + estimate(m), 0);
  const tools = round.filter((message) => message.role === 'tool');
  if (!tools.length) return undefined;
  const others = total(round.filter((message) => message.role !== 'tool'));
  const share = Math.floor(charsOfTokens(budget - others) / tools.length) - 200;
  if (share < MIN_KEPT_TOOL_CHARS) return undefined;
  const clipped = round.map((message) =>
    message.role === 'tool' && typeof message.content === 'string'
      ? { ...message, content: cutMiddle(message.content, share) }
      : message,
  );
  return total(clipped) <= budget ? clipped : undefined;
}

function cutMiddle(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = Math.floor(limit * 0.6);
  const tail = limit - head;
  return text.slice(0, head) + cutMarker(text.length - head - tail) + text.slice(-tail);
}
