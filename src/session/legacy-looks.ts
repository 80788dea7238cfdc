import type { AgentEvent } from '../protocol/events';
import { assertNever } from '../util/assert-never';
import { GENERIC_LOOK, isToolLook, type ToolLook } from '../protocol/tool-look';

/**
 * The looks of the tools tick had before a call's events carried its look: a session file
 * written then has none, and its calls keep the look they had. Frozen: every tool added
 * since records its look, so this table never grows.
 */
const LEGACY_LOOKS: ReadonlyMap<string, ToolLook> = new Map([
  ['bash', { role: 'shell', resultShape: 'log' }],
  ['read_file', { role: 'read', resultShape: 'count' }],
  ['write_file', { role: 'edit', resultShape: 'diff' }],
  ['edit_file', { role: 'edit', resultShape: 'diff' }],
  ['glob', { role: 'search', resultShape: 'list' }],
  ['todo_write', { role: 'plan', resultShape: 'plan' }],
  ['task_create', { role: 'tasks', resultShape: 'text' }],
  ['task_get', { role: 'tasks', resultShape: 'text' }],
  ['task_update', { role: 'tasks', resultShape: 'text' }],
  ['task_list', { role: 'tasks', resultShape: 'plan' }],
  ['agent', { role: 'agent', resultShape: 'text' }],
]);

/** The look a recorded call shows with: its own when valid, else the legacy one for its name. */
export function recordedLook(look: unknown, toolName: string): ToolLook {
  if (isToolLook(look)) return look;
  return LEGACY_LOOKS.get(toolName) ?? GENERIC_LOOK;
}

/**
 * A recorded event with every look a reader relies on: tool_call_ready, tool_result and an
 * approval request from an older file (or with a foreign look) get one, a subagent's too.
 */
export function withLooks(event: AgentEvent): AgentEvent {
  switch (event.type) {
    case 'tool_call_ready':
    case 'tool_result':
      return { ...event, look: recordedLook(event.look, event.name) };
    case 'permission_asked':
      return {
        ...event,
        request: {
          ...event.request,
          look: recordedLook(event.request.look, event.request.toolName),
        },
      };
    case 'subagent_event':
      return { ...event, event: withLooks(event.event) };
    case 'user_prompt':
    case 'hook_context':
    case 'request_start':
    case 'text_delta':
    case 'reasoning_delta':
    case 'assistant_message':
    case 'tool_call_started':
    case 'tool_running':
    case 'tool_output':
    case 'todos_updated':
    case 'tasks_updated':
    case 'reminder_injected':
    case 'permission_decided':
    case 'usage':
    case 'context_usage':
    case 'context_compacted':
    case 'retry':
    case 'subagent_started':
    case 'subagent_finished':
    case 'checkpoint_unsaved':
    case 'rewind_done':
    case 'plan_items_undone':
    case 'error':
    case 'turn_end':
      return event;
    default:
      return assertNever(event);
  }
}
