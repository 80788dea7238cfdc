import type { AppState } from '../../src/store/types';
import { entryLines } from './items';
import type { Look } from './look';
import { markdownLines } from './markdown';
import { sanitizeText } from './sanitize';
import { toAnsi, type Line } from './spans';
import { taskListRows } from './task-panel';
import { toolCardLines } from './tool-card';
import { committedBlock, liveBlocks, type Block } from './transcript-blocks';

function blockLines(block: Block, width: number, look: Look): Line[] {
  switch (block.kind) {
    case 'entry':
      return entryLines(block.item, width, look);
    case 'answer':
      return [[], ...markdownLines(sanitizeText(block.source.text), width, look)];
    case 'card': {
      const view = { look, now: Date.now(), expanded: false, latest: false, animate: false };
      const lines = toolCardLines(block.card, width, view);
      return block.gap ? [[], ...lines] : lines;
    }
  }
}

/**
 * The whole conversation for the normal screen after the app exits: prompts, answers,
 * tool calls with their status, and the final todo list (or task list).
 */
export function sessionText(state: AppState, width: number, look: Look): string {
  const blocks = [...state.items.map(committedBlock), ...liveBlocks(state.live, false)];
  if (state.todos.length)
    blocks.push({
      kind: 'entry',
      key: 'todos',
      item: { kind: 'todos', id: -1, todos: state.todos },
    });
  const lines = blocks.flatMap((block) => blockLines(block, width, look));
  if (state.taskListId !== null && state.tasks.length)
    lines.push([], ...taskListRows(state.tasks, width, look));
  const rows = lines.map((line) => toAnsi(line, look));
  return `${rows.join('\n')}\n`;
}
