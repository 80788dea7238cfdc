import { isPlanRole } from '../protocol/tool-look';
import type { Tool } from '../tools/types';

/** The seed's nag: after N tool rounds without todo_write, remind the model. */
export const REMINDER_TEXT = '<reminder>Update your todos.</reminder>';

/** The nag when the task tools are offered: it names them. */
export const TASKS_REMINDER_TEXT =
  '<reminder>Update your tasks: task_update to mark progress (in_progress, completed), ' +
  'task_create for new steps, task_list to review the list, task_get for one task.</reminder>';

/** A plan tool (todo_write, the task tools) resets the reminder's count; known by its role. */
export function isPlanTool(tool: Tool | undefined): boolean {
  return tool !== undefined && isPlanRole(tool.look.role);
}

export interface ReminderStep {
  /** Rounds since the last plan tool call, after this round. */
  rounds: number;
  /** Append the reminder after this round's tool results. */
  remind: boolean;
}

/**
 * Advance the counter by one tool round. `threshold` 0 turns the reminder off.
 * The counter resets when the round used a plan tool or when the reminder fires.
 */
export function stepReminder(
  rounds: number,
  usedPlanTool: boolean,
  threshold: number,
): ReminderStep {
  if (usedPlanTool) return { rounds: 0, remind: false };
  const next = rounds + 1;
  if (threshold > 0 && next >= threshold) return { rounds: 0, remind: true };
  return { rounds: next, remind: false };
}
