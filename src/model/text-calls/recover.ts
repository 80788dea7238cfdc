/**
 * Recovery of a whole answer at once (the stream filter fed in one piece): what tests,
 * `tick doctor` and non-streamed answers use. Calls in the answer win; calls in the
 * reasoning count only when the answer is empty (a model that put its call in its
 * thinking and said nothing).
 */
import { TextCallFilter, type Recovered } from './stream-filter';
import type { ToolSchemas } from './types';

export interface RecoveryResult extends Recovered {
  /** The answer without the calls' markup. */
  content: string;
  /** The reasoning without them (when they were there). */
  reasoning: string;
}

export function recoverTextCalls(
  content: string,
  options: { reasoning?: string; schemas?: ToolSchemas; allowTruncated?: boolean } = {},
): RecoveryResult | undefined {
  const schemas = options.schemas ?? new Map();
  const allowTruncated = options.allowTruncated ?? true;
  const answer = new TextCallFilter(schemas);
  answer.push(content);
  const end = answer.finish(allowTruncated);
  const reasoningText = options.reasoning ?? '';
  if (end.recovered) return { ...end.recovered, content: answer.shown, reasoning: reasoningText };
  if (answer.shown.trim() || !reasoningText) return undefined;
  const thinking = new TextCallFilter(schemas, true);
  thinking.push(reasoningText);
  const inReasoning = thinking.finish(allowTruncated);
  if (!inReasoning.recovered) return undefined;
  return { ...inReasoning.recovered, content: answer.shown, reasoning: thinking.shown };
}
