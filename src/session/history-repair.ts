import type { ChatMessage } from '../model/types';

/** The result given to a call whose own result line was damaged and skipped. */
export const LOST_RESULT_OUTPUT =
  'Error: the result of this call was lost (its line in the session log was damaged)';

/**
 * The history as the model API accepts it after damaged lines were skipped: a tool result
 * whose call was lost is dropped, and a call whose result was lost is answered so (before
 * the next message). The last assistant message's open calls are left to the caller (a crash,
 * not damage). A history without damage comes back unchanged. Pure.
 */
export function repairHistory(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let open: string[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      if (!open.includes(message.tool_call_id)) continue;
      open = open.filter((id) => id !== message.tool_call_id);
      out.push(message);
      continue;
    }
    for (const id of open)
      out.push({ role: 'tool', tool_call_id: id, content: LOST_RESULT_OUTPUT });
    open = message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.id) : [];
    out.push(message);
  }
  return out;
}
