import type { Todo } from '../../src/todos/types';
import { formatSeconds } from './format';
import { glyphs, spinnerSpan, type Look } from './look';
import type { Line, Span, Style } from './spans';
import { lineWidth, truncateLine, wrapLine } from './wrap';

export interface TodoView {
  look: Look;
  now: number;
  /** When each in-progress item (by content) started. */
  startedAt: Record<string, number>;
  /** The spinner turns and the seconds count (a turn is running). */
  animate: boolean;
  /** Ctrl+T: only the header line. */
  collapsed: boolean;
  /** Rows the panel may use; it summarises what does not fit. */
  maxRows: number;
}

export function todoCounts(todos: Todo[]): { done: number; total: number } {
  return { done: todos.filter((todo) => todo.status === 'completed').length, total: todos.length };
}

const ACTIVE: Style = { fg: 'cyan', bold: true };

/** The item's mark: ☐, a spinner (while a turn runs) or ▸, ☑; `[ ]`, `[-]`, `[>]`, `[x]` in ASCII. */
function marker(todo: Todo, view: TodoView): Span[] {
  const g = glyphs(view.look);
  switch (todo.status) {
    case 'completed':
      return [{ text: g.todoDone, style: { fg: 'green' } }];
    case 'in_progress': {
      if (!view.animate) return [{ text: g.todoActive, style: ACTIVE }];
      const spinner = spinnerSpan(view.look, ACTIVE);
      if (view.look.unicode) return [spinner];
      return [{ text: '[', style: ACTIVE }, spinner, { text: ']', style: ACTIVE }];
    }
    case 'pending':
      return [{ text: g.todoPending }];
  }
}

function activeSeconds(todo: Todo, view: TodoView): Span[] {
  const started = view.startedAt[todo.content];
  if (!view.animate || started === undefined) return [];
  return [{ text: ` ${formatSeconds(view.now - started)}`, style: { dim: true } }];
}

/** One item as wrapped rows, with a hanging indent under its text. */
export function todoItemRows(todo: Todo, width: number, view: TodoView): Line[] {
  const mark = marker(todo, view);
  const indent: Line = [{ text: ' '.repeat(lineWidth(mark) + 1) }];
  let text: Span[];
  if (todo.status === 'completed')
    text = [{ text: todo.content, style: { dim: true, strike: true } }];
  else if (todo.status === 'in_progress')
    text = [
      { text: todo.activeForm || todo.content, style: { fg: 'cyan', bold: true } },
      ...activeSeconds(todo, view),
    ];
  else text = [{ text: todo.content }];
  return wrapLine([...mark, { text: ' ' }, ...text], width, { indent });
}

function headerLine(todos: Todo[], width: number, view: TodoView): Line {
  const { done, total } = todoCounts(todos);
  const line: Line = [
    { text: 'Todos', style: { bold: true } },
    { text: ` ${done}/${total}`, style: { bold: true, fg: done === total ? 'green' : undefined } },
  ];
  if (view.collapsed) {
    const active = todos.find((todo) => todo.status === 'in_progress');
    if (active)
      line.push(
        { text: ` ${glyphs(view.look).dot} `, style: { dim: true } },
        ...marker(active, view),
        { text: ` ${active.activeForm || active.content}`, style: { fg: 'cyan' } },
        ...activeSeconds(active, view),
      );
  }
  line.push({
    text: view.collapsed ? '  ctrl+t to show' : '  ctrl+t to fold',
    style: { dim: true },
  });
  return truncateLine(line, width, glyphs(view.look).ellipsis);
}

/**
 * The checklist: a "Todos d/n" header and one row per item, within `maxRows`. When the
 * list is too long it keeps the in-progress item in view and counts the rest.
 */
export function todoPanelLines(todos: Todo[], width: number, view: TodoView): Line[] {
  if (!todos.length || view.maxRows <= 0) return [];
  const header = headerLine(todos, width, view);
  if (view.collapsed || view.maxRows === 1) return [header];
  const blocks = todos.map((todo) => todoItemRows(todo, width, view));
  const all = blocks.flat();
  if (all.length + 1 <= view.maxRows) return [header, ...all];

  const budget = view.maxRows - 2;
  const firstOpen = Math.max(
    0,
    todos.findIndex((todo) => todo.status !== 'completed'),
  );
  let start = Math.max(0, firstOpen - 1);
  const rows: Line[] = [];
  let end = start;
  while (end < blocks.length && rows.length + blocks[end].length <= budget)
    rows.push(...blocks[end++]);
  // Fill upwards when the tail of the list fits with room to spare.
  while (start > 0 && rows.length + blocks[start - 1].length <= budget)
    rows.unshift(...blocks[--start]);
  if (!rows.length && blocks[start])
    rows.push(truncateLine(blocks[start][0], width, glyphs(view.look).ellipsis));
  const hiddenDone = todos.slice(0, start).length;
  const hiddenLater = todos.length - Math.max(end, start + 1);
  const parts = [
    hiddenDone ? `${hiddenDone} done above` : '',
    hiddenLater ? `${hiddenLater} more` : '',
  ].filter(Boolean);
  const note: Line = [
    { text: `${glyphs(view.look).ellipsis} ${parts.join(', ')}`, style: { dim: true } },
  ];
  return [header, ...rows, note];
}
