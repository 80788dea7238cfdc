/**
 * The summarising request: the older history as a plain transcript (long tool results cut),
 * split into parts that fit the window, and the instructions. Pure.
 */
import type { ChatMessage } from '../model/types';
import { cutMarker } from '../tools/output-buffer';

/** Per message, what the summariser reads at most (head and tail of longer text). */
const MAX_TOOL_RESULT_CHARS = 2_000;
const MAX_TEXT_CHARS = 6_000;
const MAX_ARGUMENTS_CHARS = 600;

export const SUMMARY_SYSTEM_PROMPT = [
  'You summarise a coding session between a user and tick, a coding agent with tools, so the',
  'work can go on after the older messages are dropped. Write for the agent that continues:',
  'plain facts, no greetings, no questions. Never call tools.',
].join(' ');

/** Head and tail of a longer text, with a marker: at most `limit` characters in all. */
function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const room = Math.max(0, limit - cutMarker(text.length).length);
  const head = Math.floor(room * 0.6);
  const tail = room - head;
  return (
    text.slice(0, head) + cutMarker(text.length - head - tail) + text.slice(text.length - tail)
  );
}

function contentText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** One message as the summariser reads it. */
export function transcriptEntry(message: ChatMessage): string {
  switch (message.role) {
    case 'user':
      return `[user]\n${clip(contentText(message.content), MAX_TEXT_CHARS)}`;
    case 'assistant': {
      const lines = ['[assistant]'];
      const text = contentText(message.content ?? '');
      if (text.trim()) lines.push(clip(text, MAX_TEXT_CHARS));
      for (const call of message.tool_calls ?? []) {
        if (call.type !== 'function') continue;
        const args = clip(call.function.arguments, MAX_ARGUMENTS_CHARS);
        lines.push(`(called ${call.function.name} ${args})`);
      }
      return lines.join('\n');
    }
    case 'tool':
      return `[tool result]\n${clip(contentText(message.content), MAX_TOOL_RESULT_CHARS)}`;
    default:
      return `[${message.role}]\n${clip(contentText(message.content), MAX_TEXT_CHARS)}`;
  }
}

/**
 * The transcript in parts of at most `maxChars` (a message longer than that is cut), in
 * order, so each part can be summarised within the window.
 */
export function transcriptParts(messages: readonly ChatMessage[], maxChars: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const message of messages) {
    const entry = clip(transcriptEntry(message), Math.max(200, maxChars - 2));
    if (current && current.length + entry.length + 2 > maxChars) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${entry}` : entry;
  }
  if (current) parts.push(current);
  return parts;
}

export interface SummaryRequestText {
  /** The transcript part to summarise. */
  part: string;
  /** The summary of the parts before this one. */
  previous?: string;
  /** What the user asked the summary to focus on (`/compact focus`). */
  focus?: string;
  /** Roughly how long the summary may be. */
  maxWords: number;
}

/** The user message of one summarising request. */
export function summaryRequest({ part, previous, focus, maxWords }: SummaryRequestText): string {
  const sections = [
    previous
      ? `The summary of the conversation before this part:\n<previous-summary>\n${previous}\n</previous-summary>\n`
      : '',
    `The conversation${previous ? ' continued' : ''}:\n<transcript>\n${part}\n</transcript>`,
    '',
    `Write a summary${previous ? ' of the whole conversation (the previous summary and this part)' : ''} that lets the agent continue the work. Keep:`,
    "1. The user's goal and every request they made, in their words when short.",
    '2. Decisions taken and why.',
    '3. Files read, created or changed (paths), with what matters about them.',
    '4. Errors met, and how they were solved or that they were not.',
    '5. What is done, what remains, and the next step.',
    'Leave out the todo list itself: it is kept separately.',
    `Use at most about ${maxWords} words.`,
  ];
  if (focus?.trim()) sections.push(`Pay most attention to: ${focus.trim()}`);
  return sections.filter((line, index) => index > 0 || line).join('\n');
}
