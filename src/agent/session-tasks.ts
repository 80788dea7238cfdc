import type { AgentEvent } from '../protocol/events';
import { chooseTaskListId, taskListDir } from '../tasks/list-id';
import { readTaskList } from '../tasks/store';
import type { Task, TaskListSnapshot } from '../protocol/tasks';
import type { TaskListRef } from '../tasks/types';
import { watchTaskList, type TaskListWatcher } from '../tasks/watch';

/**
 * A session's task list (plan V2): which list it uses, and the watchers that bring other
 * processes' changes to the panel. A session that plans with todo_write has none, and
 * every call is a no-op.
 */
export class SessionTasks {
  private readonly watchers = new Set<TaskListWatcher>();

  constructor(readonly list: TaskListRef | undefined) {}

  /** The configured list, else the one a resumed session recorded, else one of its own. */
  static choose(options: {
    home: string;
    configured: string | undefined;
    recorded: string | undefined;
    sessionId: string;
  }): SessionTasks {
    const id = chooseTaskListId(options);
    return new SessionTasks({ id, dir: taskListDir(options.home, id) });
  }

  async snapshot(): Promise<TaskListSnapshot | undefined> {
    const { list } = this;
    return list && { listId: list.id, tasks: await readTaskList(list.dir) };
  }

  /** Follows the list on disk; returns the stop function. */
  watch(listener: (event: AgentEvent) => void): () => void {
    if (!this.list) return () => undefined;
    const { id, dir } = this.list;
    const watcher = watchTaskList(
      dir,
      (tasks) => listener({ type: 'tasks_updated', listId: id, tasks }),
      { onError: (message) => listener({ type: 'error', message, fatal: false }) },
    );
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
      watcher.close();
    };
  }

  /** The loop announced this list itself: the watchers need not announce it again. */
  seen(tasks: Task[]): void {
    for (const watcher of this.watchers) watcher.seen(tasks);
  }

  close(): void {
    for (const watcher of this.watchers) watcher.close();
    this.watchers.clear();
  }
}
