import { join } from 'node:path';

/**
 * A list id is a folder name under `$TICK_HOME/tasks`: letters, digits, `.`, `_`, `-`, not
 * starting with a dot, so no id can reach outside the folder.
 */
const LIST_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isSafeListId(id: string): boolean {
  return LIST_ID.test(id);
}

/** `$TICK_HOME/tasks`: every list's folder. */
export function tasksRoot(home: string): string {
  return join(home, 'tasks');
}

/** `$TICK_HOME/tasks/<list-id>`: one list, one JSON file per task. */
export function taskListDir(home: string, listId: string): string {
  return join(tasksRoot(home), listId);
}

/**
 * The list a session works on: `TICK_TASK_LIST_ID` when set (several sessions share it),
 * else the one the resumed session recorded, else the session's own id.
 */
export function chooseTaskListId(sources: {
  configured?: string;
  recorded?: string;
  sessionId: string;
}): string {
  return sources.configured ?? sources.recorded ?? sources.sessionId;
}
