/**
 * The history after a compaction: one user message with the summary and the current plan,
 * then the most recent messages. Pure.
 */
import type { ChatMessage } from '../model/types';

export const SUMMARY_OPEN = '<summary>';
export const PLAN_OPEN = '<plan>';

/** The head message's text: the summary, then the plan taken from state (never from the summary). */
export function compactionHead(summary: string, plan: string): string {
  const parts = [
    `${SUMMARY_OPEN}\nThe conversation was compacted to fit the model's context window. Summary of the earlier part:\n\n${summary.trim()}\n</summary>`,
  ];
  if (plan.trim()) {
    parts.push(
      `${PLAN_OPEN}\nThe current plan (kept across compaction; keep it up to date with your planning tool):\n${plan.trim()}\n</plan>`,
    );
  }
  return parts.join('\n\n');
}

/**
 * Summary and plan, then the kept messages. A kept history that starts with a user message
 * gets the head in front of that message (two user messages in a row trip the chat templates
 * of some servers); an empty one gets a line telling the model to go on.
 */
export function compactedHistory(
  summary: string,
  plan: string,
  kept: ChatMessage[],
): ChatMessage[] {
  const head = compactionHead(summary, plan);
  const first = kept[0];
  if (first?.role === 'user' && typeof first.content === 'string') {
    return [{ role: 'user', content: `${head}\n\n${first.content}` }, ...kept.slice(1)];
  }
  const tail = kept.length ? '' : '\n\nContinue the work from where it stopped.';
  return [{ role: 'user', content: `${head}${tail}` }, ...kept];
}
