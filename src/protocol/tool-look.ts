/**
 * What a call does, as the UI names it: picks the approval prompt's title, and tells the
 * plan tools (`plan`: todo_write; `tasks`: the task tools) and `agent` apart; `mcp`: a tool
 * of an MCP server.
 */
export const TOOL_ROLES = [
  'shell',
  'read',
  'edit',
  'search',
  'plan',
  'tasks',
  'agent',
  'mcp',
  'other',
] as const;
export type ToolRole = (typeof TOOL_ROLES)[number];

/**
 * How a finished call's output shows on its card. log: the tail of the output (live while
 * it runs) and a failing exit code; diff: the coloured change; count: one line saying how
 * much was read; list: the count and the first matches; plan: nothing (a panel shows it);
 * text: the start of the output.
 */
export const RESULT_SHAPES = ['log', 'diff', 'count', 'list', 'plan', 'text'] as const;
export type ResultShape = (typeof RESULT_SHAPES)[number];

/**
 * How a call looks on screen. Each tool declares its look; the call's events carry it
 * (tool_call_ready, tool_result, the approval request), so the UI, the store and the session
 * log never look a tool up by name, and a tool that appears at run time needs no UI change.
 */
export interface ToolLook {
  role: ToolRole;
  resultShape: ResultShape;
}

/** The look of a call to a tool that declares none, or that no tool answers to. */
export const GENERIC_LOOK: ToolLook = { role: 'other', resultShape: 'text' };

/** A look as written by this vocabulary (a session file's may be missing or foreign). */
export function isToolLook(value: unknown): value is ToolLook {
  if (typeof value !== 'object' || value === null) return false;
  const { role, resultShape } = value as Record<string, unknown>;
  return (
    (TOOL_ROLES as readonly unknown[]).includes(role) &&
    (RESULT_SHAPES as readonly unknown[]).includes(resultShape)
  );
}

/**
 * A plan tool's role (todo_write's `plan`, the task tools' `tasks`): such a call resets the
 * reminder's count, is not work done "while" a plan item was in progress, and its list
 * follows its result in a todos_updated or tasks_updated event.
 */
export function isPlanRole(role: ToolRole): boolean {
  return role === 'plan' || role === 'tasks';
}
