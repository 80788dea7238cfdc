import type { AgentEvent } from '../protocol/events';

/**
 * One event as a stream-json line's object. A subagent's own events come out as themselves,
 * tagged with `agentId` (the child) and `parentCallId` (the parent's `agent` call), so a
 * reader filters a child's stream the way it filters the parent's; the parent's events carry
 * no tag. subagent_started and subagent_finished carry the same two fields.
 */
export function streamJsonObject(event: AgentEvent): object {
  if (event.type !== 'subagent_event') return event;
  return { ...event.event, agentId: event.agentId, parentCallId: event.parentCallId };
}
