/** The seed's nag: after N tool rounds without todo_write, remind the model. */
export const REMINDER_TEXT = '<reminder>Update your todos.</reminder>';

export interface ReminderStep {
  /** Rounds since the last todo_write, after this round. */
  rounds: number;
  /** Append the reminder after this round's tool results. */
  remind: boolean;
}

/**
 * Advance the counter by one tool round. `threshold` 0 turns the reminder off.
 * The counter resets when the round used todo_write or when the reminder fires.
 */
export function stepReminder(
  rounds: number,
  usedTodoWrite: boolean,
  threshold: number,
): ReminderStep {
  if (usedTodoWrite) return { rounds: 0, remind: false };
  const next = rounds + 1;
  if (threshold > 0 && next >= threshold) return { rounds: 0, remind: true };
  return { rounds: next, remind: false };
}
