import type { AgentEvent } from '../protocol/events';
import type { ChatMessage, ModelClient } from '../model/types';
import { SUMMARY_SYSTEM_PROMPT, summaryRequest, transcriptParts } from './summary-prompt';
import { charsOfTokens, tokensOfChars } from './tokens';

export interface SummariseOptions {
  /** The window the summarising requests must fit (tokens). */
  window: number;
  /** The summary's length at most (tokens). */
  maxTokens: number;
  /** Scales an estimate to the server's count (ContextMeter.scaled). */
  scaled: (tokens: number) => number;
  focus?: string;
  signal: AbortSignal;
}

/** Room left for the instructions and the answer in each summarising request. */
const OVERHEAD_TOKENS = 400;

/**
 * Summarises `messages` with the model, without tools: in one request when they fit half the
 * window, else part by part, each request carrying the summary so far. The model's stream is
 * not shown (it is not an answer to the user); its usage and retries are passed on.
 */
export async function* summarise(
  model: ModelClient,
  messages: readonly ChatMessage[],
  options: SummariseOptions,
): AsyncGenerator<AgentEvent, string> {
  const ratio = options.scaled(1000) / 1000;
  const partTokens = Math.max(
    500,
    Math.floor(options.window * 0.5) - options.maxTokens - OVERHEAD_TOKENS,
  );
  const parts = transcriptParts(messages, charsOfTokens(partTokens / ratio));
  const maxWords = Math.max(100, Math.round(options.maxTokens * 0.6));
  let summary = '';
  for (const part of parts) {
    const request = summaryRequest({
      part,
      ...(summary ? { previous: summary } : {}),
      ...(options.focus ? { focus: options.focus } : {}),
      maxWords,
    });
    const stream = model.stream({
      messages: [
        { role: 'system', content: SUMMARY_SYSTEM_PROMPT },
        { role: 'user', content: request },
      ],
      tools: [],
      signal: options.signal,
    });
    let next = await stream.next();
    while (!next.done) {
      const event = next.value;
      if (event.type === 'usage' || event.type === 'retry') yield event;
      next = await stream.next();
    }
    const text = next.value.content.trim();
    if (!text) throw new Error('the model returned an empty summary');
    summary = clipSummary(text, options.maxTokens, ratio);
  }
  return summary;
}

/** A summary longer than asked is cut (its head kept: it leads with the goal). */
function clipSummary(text: string, maxTokens: number, ratio: number): string {
  const limit = charsOfTokens((maxTokens * 1.25) / ratio);
  if (tokensOfChars(text.length) * ratio <= maxTokens * 1.25) return text;
  return `${text.slice(0, limit)}\n... (summary cut)`;
}
