import { formatSeconds } from './format';
import { glyphs, spinnerSpan, type Look } from './look';
import type { Line, Span, Style } from './spans';
import { lineWidth, truncateLine, wrapLine } from './wrap';

/** One row of a plan panel: a todo, or a task with its id, blockers and owner. */
export interface ChecklistItem {
  /** What its start time is kept under in `startedAt` (a todo's content, a task's id). */
  key: string;
  status: 'pending' | 'in_progress' | 'completed';
  text: string;
  /** Shown instead of `text` while it is in progress ("Running tests"). */
  activeForm?: string;
  /** Before the text (a task's `#2`). */
  prefix?: Span[];
  /** After the text (a task's `blocked by #1`, its owner). */
  suffix?: Span[];
  /** A rewind or an undo took back the changes made while it was in progress. */
  undone?: boolean;
}

export interface ChecklistView {
  look: Look;
  now: number;
  /** When each in-progress item (by key) started. */
  startedAt: Record<string, number>;
  /** The spinner turns and the seconds count (a turn is running). */
  animate: boolean;
  /** Ctrl+T: only the header line. */
  collapsed: boolean;
  /** Rows the panel may use; it summarises what does not fit. */
  maxRows: number;
  /** Plan items whose changes were taken back (`todo:<content>`, `task:<id>`). */
  undone?: ReadonlySet<string>;
}

export function checklistCounts(items: readonly { status: string }[]): {
  done: number;
  total: number;
} {
  return { done: items.filter((item) => item.status === 'completed').length, total: items.length };
}

const ACTIVE: Style = { fg: 'cyan', bold: true };

/** The item's mark: ☐, a spinner (while a turn runs) or ▸, ☑; `[ ]`, `[-]`, `[>]`, `[x]` in ASCII. */
function marker(item: ChecklistItem, view: ChecklistView): Span[] {
  const g = glyphs(view.look);
  switch (item.status) {
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

function activeSeconds(item: ChecklistItem, view: ChecklistView): Span[] {
  const started = view.startedAt[item.key];
  if (!view.animate || started === undefined) return [];
  return [{ text: ` ${formatSeconds(view.now - started)}`, style: { dim: true } }];
}

/** One item as wrapped rows, with a hanging indent under its text. */
export function checklistItemRows(item: ChecklistItem, width: number, view: ChecklistView): Line[] {
  const mark = marker(item, view);
  const indent: Line = [{ text: ' '.repeat(lineWidth(mark) + 1) }];
  let text: Span[];
  if (item.status === 'completed') text = [{ text: item.text, style: { dim: true, strike: true } }];
  else if (item.status === 'in_progress')
    text = [
      { text: item.activeForm || item.text, style: { fg: 'cyan', bold: true } },
      ...activeSeconds(item, view),
    ];
  else text = [{ text: item.text }];
  const undone: Span[] = item.undone ? [{ text: '  undone', style: { fg: 'yellow' } }] : [];
  const line = [
    ...mark,
    { text: ' ' },
    ...(item.prefix ?? []),
    ...text,
    ...(item.suffix ?? []),
    ...undone,
  ];
  return wrapLine(line, width, { indent });
}

function headerLine(
  title: string,
  items: readonly ChecklistItem[],
  width: number,
  view: ChecklistView,
): Line {
  const { done, total } = checklistCounts(items);
  const line: Line = [
    { text: title, style: { bold: true } },
    { text: ` ${done}/${total}`, style: { bold: true, fg: done === total ? 'green' : undefined } },
  ];
  if (view.collapsed) {
    const active = items.find((item) => item.status === 'in_progress');
    if (active)
      line.push(
        { text: ` ${glyphs(view.look).dot} `, style: { dim: true } },
        ...marker(active, view),
        { text: ` ${active.activeForm || active.text}`, style: { fg: 'cyan' } },
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
 * A plan panel: a "`title` d/n" header and one row per item, within `maxRows`. When the
 * list is too long, the item in progress (else the first unfinished one) is placed first,
 * whatever else gives way: then the item before it (what was just done), the ones after
 * it, and earlier ones while room is left; a last row counts what is hidden.
 */
export function checklistLines(
  title: string,
  items: readonly ChecklistItem[],
  width: number,
  view: ChecklistView,
): Line[] {
  if (!items.length || view.maxRows <= 0) return [];
  const header = headerLine(title, items, width, view);
  if (view.collapsed || view.maxRows === 1) return [header];
  const blocks = items.map((item) => checklistItemRows(item, width, view));
  const all = blocks.flat();
  if (all.length + 1 <= view.maxRows) return [header, ...all];

  const ellipsis = glyphs(view.look).ellipsis;
  const current = currentIndex(items);
  // No room for the count: the current item alone, cut to one row.
  if (view.maxRows === 2) return [header, ...firstRows(blocks[current], 1, width, ellipsis)];
  const budget = view.maxRows - 2;
  const shown = new Set([current]);
  const fits = (index: number) =>
    index >= 0 &&
    index < blocks.length &&
    [...shown].reduce((sum, i) => sum + blocks[i].length, 0) + blocks[index].length <= budget;
  if (fits(current - 1)) shown.add(current - 1);
  for (let next = current + 1; fits(next); next++) shown.add(next);
  for (let earlier = Math.min(...shown) - 1; fits(earlier); earlier--) shown.add(earlier);

  const first = Math.min(...shown);
  const last = Math.max(...shown);
  const rows = firstRows(
    Array.from({ length: last - first + 1 }, (_, i) => blocks[first + i]).flat(),
    budget,
    width,
    ellipsis,
  );
  const parts = [hiddenBefore(items, first), hiddenAfter(items, last)].filter(Boolean);
  const note: Line = [{ text: `${ellipsis} ${parts.join(', ')}`, style: { dim: true } }];
  return [header, ...rows, note];
}

/** At most `count` rows; when some are left out, the last one shown ends in an ellipsis. */
function firstRows(rows: Line[], count: number, width: number, ellipsis: string): Line[] {
  if (rows.length <= count) return rows;
  const cut = truncateLine(rows[count - 1], width - 1, ellipsis);
  return [...rows.slice(0, count - 1), [...cut, { text: ellipsis, style: { dim: true } }]];
}

/** The item in progress, else the first unfinished one, else the last. */
function currentIndex(items: readonly ChecklistItem[]): number {
  const active = items.findIndex((item) => item.status === 'in_progress');
  if (active !== -1) return active;
  const open = items.findIndex((item) => item.status !== 'completed');
  return open !== -1 ? open : items.length - 1;
}

function hiddenBefore(items: readonly ChecklistItem[], first: number): string {
  if (!first) return '';
  const allDone = items.slice(0, first).every((item) => item.status === 'completed');
  return allDone ? `${first} done above` : `${first} above`;
}

function hiddenAfter(items: readonly ChecklistItem[], last: number): string {
  const hidden = items.length - 1 - last;
  return hidden ? `${hidden} more` : '';
}
