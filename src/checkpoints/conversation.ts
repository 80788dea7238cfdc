import type { ChatMessage } from '../model/types';

/**
 * The conversation as it was just before the call `callId` ran: everything before the
 * assistant message that asked for it, and that message with only the calls before this
 * one (their results kept), so the history stays one the API accepts. Undefined when the
 * call is not in the history (compacted away, or another session's).
 */
export function conversationBefore(
  messages: readonly ChatMessage[],
  callId: string,
): ChatMessage[] | undefined {
  const at = messages.findIndex(
    (message) =>
      message.role === 'assistant' && message.tool_calls?.some((call) => call.id === callId),
  );
  if (at < 0) return undefined;
  const asked = messages[at] as Extract<ChatMessage, { role: 'assistant' }>;
  const calls = asked.tool_calls ?? [];
  const earlier = calls.slice(
    0,
    calls.findIndex((call) => call.id === callId),
  );
  const kept: ChatMessage[] = messages.slice(0, at);
  const { tool_calls: _calls, ...rest } = asked;
  if (earlier.length) {
    kept.push({ ...rest, tool_calls: earlier });
    const answered = new Set(earlier.map((call) => call.id));
    for (const message of messages.slice(at + 1))
      if (message.role === 'tool' && answered.has(message.tool_call_id)) kept.push(message);
  } else if (typeof rest.content === 'string' && rest.content.trim()) {
    kept.push(rest);
  }
  return kept;
}

/** What the model is told after a rewind, so it does not trust what it remembers of the files. */
export function rewindNote(options: {
  target: string;
  restored: readonly string[];
  removed: readonly string[];
  conversation: boolean;
}): string {
  const list = (paths: readonly string[]) =>
    paths.length > 12
      ? `${paths.slice(0, 12).join(', ')} and ${paths.length - 12} more`
      : paths.join(', ');
  const parts = [
    `The user rewound the files to ${options.target}${options.conversation ? ', and this conversation with them' : ''}.`,
  ];
  if (options.restored.length) parts.push(`Restored: ${list(options.restored)}.`);
  if (options.removed.length)
    parts.push(`Removed (created after that point): ${list(options.removed)}.`);
  if (!options.restored.length && !options.removed.length) parts.push('No file had to change.');
  parts.push('Changes made after that point are undone; read files again before relying on them.');
  return `<system-reminder>${parts.join(' ')}</system-reminder>`;
}
