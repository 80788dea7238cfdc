import type { PlanPanelMode } from '../../src/store/plan-view';
import { formatSeconds } from './format';
import { glyphs, spinnerSpan, type Look } from './look';
import type { Line, Span, Style } from './spans';
import { lineWidth, wrapLine } from './wrap';

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
  /** Ctrl+T: folded (the header alone), normal (what does not fit is counted) or focused. */
  mode: PlanPanelMode;
  /** Focused: the first item shown; null keeps the item in progress in view. */
  top: number | null;
  /** Rows the panel may use; it summarises (or, focused, scrolls) what does not fit. */
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
export function marker(item: ChecklistItem, view: ChecklistView): Span[] {
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

export function activeSeconds(item: ChecklistItem, view: ChecklistView): Span[] {
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
