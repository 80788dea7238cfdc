/** `tick tasks [LIST]`: a task list printed from the shell, as the model's task_list shows it. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config/types';
import { listSessions } from '../../session/list';
import { shortTime } from '../../session/list-text';
import { isSafeListId, taskListDir, tasksRoot } from '../../tasks/list-id';
import { renderTaskList, taskCounts } from '../../tasks/render';
import { readTaskList, TaskFileError } from '../../tasks/store';
import { processIO, type CommandIO } from './io';

class TasksCommandError extends Error {}

/** The lists under `$TICK_HOME/tasks`, by name. */
function listIds(root: string): string[] {
  try {
    return readdirSync(root).filter(
      (name) => isSafeListId(name) && statSync(join(root, name)).isDirectory(),
    );
  } catch {
    return [];
  }
}

/** A list by its id or a unique prefix of it (at least 4 characters, as for sessions). */
function findList(root: string, wanted: string): string {
  if (!isSafeListId(wanted)) throw new TasksCommandError(`'${wanted}' is not a task list id`);
  const ids = listIds(root);
  if (ids.includes(wanted)) return wanted;
  const matches = wanted.length >= 4 ? ids.filter((id) => id.startsWith(wanted)) : [];
  if (matches.length === 1) return matches[0];
  if (matches.length > 1)
    throw new TasksCommandError(`task list id '${wanted}' is ambiguous: ${matches.join(', ')}`);
  throw new TasksCommandError(`no task list '${wanted}' in ${root}; \`tick tasks\` lists them`);
}

/** Without LIST: TICK_TASK_LIST_ID, else the list of the newest session here that used one. */
function defaultList(config: Config): string | undefined {
  return (
    config.taskListId ?? listSessions(config).find((session) => session.taskListId)?.taskListId
  );
}

async function overview(home: string): Promise<string> {
  const root = tasksRoot(home);
  const ids = listIds(root);
  if (!ids.length) return `No task lists in ${root}.\n`;
  const rows = await Promise.all(
    ids.map(async (id) => {
      const dir = taskListDir(home, id);
      try {
        const { done, total } = taskCounts(await readTaskList(dir));
        return { id, line: `${id}  ${done}/${total} completed`, time: statSync(dir).mtimeMs };
      } catch (error) {
        return { id, line: `${id}  (unreadable: ${(error as Error).message})`, time: 0 };
      }
    }),
  );
  rows.sort((a, b) => b.time - a.time);
  const lines = rows.map((row) => `${row.line}  ${shortTime(row.time)}`);
  return `Task lists in ${root} (newest first); print one with \`tick tasks LIST\`:\n${lines.join('\n')}\n`;
}

/** Prints a list (or, when none is named or known, the lists there are). Returns the exit code. */
export async function runTasksCommand(
  list: string | undefined,
  config: Config,
  io: CommandIO = processIO,
): Promise<number> {
  const root = tasksRoot(config.home);
  try {
    const id = list !== undefined ? findList(root, list) : defaultList(config);
    if (id === undefined) {
      io.stdout(await overview(config.home));
      return 0;
    }
    const tasks = await readTaskList(taskListDir(config.home, id));
    io.stdout(`Task list ${id}\n\n${renderTaskList(tasks)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof TasksCommandError || error instanceof TaskFileError) {
      io.stderr(`tick: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
