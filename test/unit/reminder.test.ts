import { describe, expect, it } from 'vitest';
import { REMINDER_TEXT, stepReminder } from '../../src/agent/reminder';

function run(rounds: boolean[], threshold: number): number[] {
  // Returns the 1-based rounds after which the reminder fires.
  const fired: number[] = [];
  let count = 0;
  rounds.forEach((usedTodo, i) => {
    const step = stepReminder(count, usedTodo, threshold);
    count = step.rounds;
    if (step.remind) fired.push(i + 1);
  });
  return fired;
}

describe('stepReminder', () => {
  it('fires on exactly the 3rd round without todo_write and again 3 rounds later', () => {
    expect(run([false, false, false, false, false, false, false], 3)).toEqual([3, 6]);
  });

  it('resets when a round uses todo_write', () => {
    expect(run([false, false, true, false, false, false], 3)).toEqual([6]);
  });

  it('is off at 0 and honours other thresholds', () => {
    expect(run(Array(10).fill(false), 0)).toEqual([]);
    expect(run(Array(5).fill(false), 2)).toEqual([2, 4]);
  });

  it('uses the exact reminder text', () => {
    expect(REMINDER_TEXT).toBe('<reminder>Update your todos.</reminder>');
  });
});
