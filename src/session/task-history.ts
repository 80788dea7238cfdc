import type { AgentEvent } from '../protocol/events';
import type { TaskStatus } from '../protocol/tasks';
import type { ReportToolCall } from './report';

/** One task's life across the task lists the session saw (its tools', and other processes'). */
export interface TaskHistoryItem {
  listId: string;
  id: string;
  subject: string;
  /** Its status in the last list seen; 'deleted' when a later list no longer had it. */
  status: TaskStatus | 'deleted';
  owner: string;
  blockedBy: string[];
  /** When the session first saw it. */
  seenAt: number;
  startedAt?: number;
  finishedAt?: number;
  /** Calls (plan tools aside) made while it was in progress. */
  toolCalls: ReportToolCall[];
}

type TasksEvent = Extract<AgentEvent, { type: 'tasks_updated' }>;

/** `#2 Test the parser`, as the report names a task. */
export function taskLabel(item: Pick<TaskHistoryItem, 'id' | 'subject'>): string {
  return `#${item.id} ${item.subject}`;
}

/**
 * Applies one announced list to the history (keyed by list and id); returns the tasks now in
 * progress. A task missing from a later list of its own list was deleted.
 */
export function updateTaskHistory(
  history: Map<string, TaskHistoryItem>,
  event: TasksEvent,
  t: number,
): TaskHistoryItem[] {
  const key = (id: string) => `${event.listId}#${id}`;
  const present = new Set(event.tasks.map((task) => key(task.id)));
  for (const [itemKey, item] of history) {
    if (item.listId === event.listId && !present.has(itemKey) && item.status !== 'deleted') {
      item.status = 'deleted';
      item.finishedAt ??= t;
    }
  }
  const active: TaskHistoryItem[] = [];
  for (const task of event.tasks) {
    let item = history.get(key(task.id));
    if (!item) {
      // Seen first as pending, so a task first seen finished gets its time below.
      item = {
        listId: event.listId,
        id: task.id,
        subject: task.subject,
        status: 'pending',
        owner: task.owner,
        blockedBy: task.blockedBy,
        seenAt: t,
        toolCalls: [],
      };
      history.set(key(task.id), item);
    }
    if (task.status === 'in_progress') {
      item.startedAt ??= t;
      item.finishedAt = undefined;
      active.push(item);
    } else if (task.status === 'completed') {
      if (item.status !== 'completed') item.finishedAt = t;
    } else {
      item.finishedAt = undefined;
    }
    Object.assign(item, {
      subject: task.subject,
      status: task.status,
      owner: task.owner,
      blockedBy: task.blockedBy,
    });
  }
  return active;
}
