/** What the four task tools share: the list from the context, and errors that change nothing. */
import { TaskFileError, TaskLockError } from '../tasks/store';
import type { ListLockOptions } from '../tasks/list-lock';
import type { TaskListRef } from '../tasks/types';
import type { ClaudeCodeFace, ToolContext, ToolResult } from './types';

/**
 * Runs a task tool's work on the context's list. A corrupt file or a lock that could not be
 * taken is an `Error:` result (the work writes nothing before it has read the whole list); a
 * lock lost between a change's writes is one too, which does not claim nothing changed.
 */
export async function onTaskList(
  ctx: ToolContext,
  work: (list: TaskListRef) => Promise<ToolResult>,
): Promise<ToolResult> {
  const list = ctx.taskList;
  if (!list)
    return { output: 'Error: the task list is not enabled in this session', isError: true };
  try {
    return await work(list);
  } catch (error) {
    if (error instanceof TaskLockError && error.partlyWritten)
      return { output: `Error: ${error.message}`, isError: true };
    if (error instanceof TaskFileError || error instanceof TaskLockError)
      return { output: `Error: ${error.message}; nothing was changed`, isError: true };
    throw error;
  }
}

/** A wait for the list lock is said as the call's live output (the card, stream-json). */
export function waitNotes(ctx: ToolContext): ListLockOptions {
  return { onWait: (message) => ctx.onOutput(`${message}\n`) };
}

export const failed = (error: string): ToolResult => ({ output: error, isError: true });

/**
 * A task tool's Claude Code face: its Claude Code name (TaskCreate, ...); the input fields
 * are Claude Code's already, so they pass as they are both ways.
 */
export function sameFields<I extends object>(name: string): ClaudeCodeFace<I> {
  return {
    name,
    toolInput: (input) => ({ ...(input as Record<string, unknown>) }),
    fromToolInput: (toolInput) => toolInput,
  };
}
