/** The argument fields the task tools share: task ids and the status. */
import { UPDATE_STATUSES, type UpdateStatus } from '../tasks/types';
import type { Checked, Field } from './schema';

/** "3", "#3", 3 -> "3"; anything else is not a task id. */
export function normaliseTaskId(value: unknown): string | undefined {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^#?\s*(\d+)$/.exec(value.trim());
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? String(id) : undefined;
}

const shown = (value: unknown): string =>
  typeof value === 'string' ? `'${value}'` : JSON.stringify(value);

function checkId(value: unknown): Checked<string> {
  const id = normaliseTaskId(value);
  return id === undefined
    ? { ok: false, problems: [`expected a task id such as "3", received ${shown(value)}`] }
    : { ok: true, value: id };
}

/** One task id; models send `3` and `"#3"` as often as `"3"`, and all three mean task 3. */
export function taskId(description: string): Field<string> {
  return {
    optional: false,
    check: checkId,
    jsonSchema: () => ({ type: 'string', description }),
  };
}

/** A list of task ids (a lone id counts as a list of one). */
export function taskIds(description: string): Field<string[]> {
  return {
    optional: false,
    check(value) {
      const items = Array.isArray(value) ? value : [value];
      const ids: string[] = [];
      for (const item of items) {
        const checked = checkId(item);
        if (!checked.ok) return checked;
        ids.push(checked.value);
      }
      return { ok: true, value: ids };
    },
    jsonSchema: () => ({ type: 'array', items: { type: 'string' }, description }),
  };
}

/** task_update's status: "In Progress" and "in-progress" read as in_progress. */
export function updateStatus(description: string): Field<UpdateStatus> {
  return {
    optional: false,
    check(value) {
      const normalised =
        typeof value === 'string'
          ? value
              .trim()
              .toLowerCase()
              .replace(/[-\s]+/g, '_')
          : value;
      if ((UPDATE_STATUSES as readonly unknown[]).includes(normalised))
        return { ok: true, value: normalised as UpdateStatus };
      return {
        ok: false,
        problems: [`expected one of ${UPDATE_STATUSES.join(', ')}, received ${shown(value)}`],
      };
    },
    jsonSchema: () => ({ type: 'string', enum: [...UPDATE_STATUSES], description }),
  };
}
