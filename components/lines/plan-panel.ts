import {
  activeSeconds,
  checklistCounts,
  checklistItemRows,
  marker,
  type ChecklistItem,
  type ChecklistView,
} from './checklist';
import { glyphs } from './look';
import { currentItems, itemWindow, summarisedItems, type ItemWindow } from './plan-window';
import type { Line, Span } from './spans';
import { truncateLine } from './wrap';

/** A plan panel as laid out: its rows, and what the keys need to know of them. */
export interface PlanPanelRows {
  lines: Line[];
  /** The normal view left items out (it counts them): Ctrl+T focuses the panel to scroll. */
  summarised: boolean;
  /** Focused: the window over the items, which the keys scroll. */
  window: ItemWindow | null;
}

const NOTHING: PlanPanelRows = { lines: [], summarised: false, window: null };
const DIM = { dim: true };

/**
 * A plan panel: a "`title` d/n" header and its items within `maxRows`. Folded: the header
 * alone, naming the item in progress. Normal: every item when they fit, else the items in
 * progress first, whatever else gives way, then the item before (what was just done), the
 * ones after and earlier ones while room is left, the rest counted. Focused: a window of
 * the items from `top` (following the work while `top` is null), its place in the header.
 */
export function planPanelRows(
  title: string,
  items: readonly ChecklistItem[],
  width: number,
  view: ChecklistView,
): PlanPanelRows {
  if (!items.length || view.maxRows <= 0) return NOTHING;
  if (view.mode === 'folded') return { ...NOTHING, lines: [header(title, items, width, view)] };
  const blocks = items.map((item) => checklistItemRows(item, width, view));
  if (view.mode === 'focused') return focusedRows(title, items, blocks, width, view);
  const all = blocks.flat();
  const summarised = all.length + 1 > view.maxRows;
  const top = header(title, items, width, view, [], summarised ? 'ctrl+t to scroll' : undefined);
  if (!summarised) return { ...NOTHING, lines: [top, ...all] };
  return { lines: [top, ...summarisedRows(items, blocks, width, view)], summarised, window: null };
}

function header(
  title: string,
  items: readonly ChecklistItem[],
  width: number,
  view: ChecklistView,
  place: Span[] = [],
  hint = view.mode === 'folded' ? 'ctrl+t to show' : 'ctrl+t to fold',
): Line {
  const { done, total } = checklistCounts(items);
  // Focused, the title stands out: the keys scroll the panel, not the prompt.
  const titleStyle = view.mode === 'focused' ? { bold: true, inverse: true } : { bold: true };
  const line: Line = [
    { text: title, style: titleStyle },
    { text: ` ${done}/${total}`, style: { bold: true, fg: done === total ? 'green' : undefined } },
    ...place,
  ];
  if (view.mode === 'folded') {
    const active = items.find((item) => item.status === 'in_progress');
    if (active)
      line.push(
        { text: ` ${glyphs(view.look).dot} `, style: DIM },
        ...marker(active, view),
        { text: ` ${active.activeForm || active.text}`, style: { fg: 'cyan' } },
        ...activeSeconds(active, view),
      );
  }
  line.push({ text: `  ${hint}`, style: DIM });
  return truncateLine(line, width, glyphs(view.look).ellipsis);
}

/** The normal view of a list taller than its rows (at least 2): what does not fit is counted. */
function summarisedRows(
  items: readonly ChecklistItem[],
  blocks: Line[][],
  width: number,
  view: ChecklistView,
): Line[] {
  const ellipsis = glyphs(view.look).ellipsis;
  const statuses = items.map((item) => item.status);
  // No room for the count: the current item alone, cut to one row.
  if (view.maxRows === 2) return firstRows(blocks[currentItems(statuses)[0]], 1, width, ellipsis);
  const budget = view.maxRows - 2;
  const shown = summarisedItems(
    blocks.map((block) => block.length),
    statuses,
    budget,
  );
  const note = (text: string): Line => [{ text: `${ellipsis} ${text}`, style: DIM }];
  const rows: Line[] = [];
  shown.forEach((index, i) => {
    const previous = shown[i - 1];
    // Items between two shown ones (around a second item in progress) are counted in place.
    if (previous !== undefined && index > previous + 1)
      rows.push(note(hiddenText(items.slice(previous + 1, index), '')));
    rows.push(...blocks[index]);
  });
  const first = shown[0];
  const last = shown[shown.length - 1];
  const ends = [
    first ? hiddenText(items.slice(0, first), ' above') : '',
    last < items.length - 1 ? hiddenText(items.slice(last + 1), '') : '',
  ].filter(Boolean);
  return [
    ...firstRows(rows, budget, width, ellipsis),
    ...(ends.length ? [note(ends.join(', '))] : []),
  ];
}

/** "3 done above", "5 more", "5 more (1 in progress)": what a run of hidden items holds. */
function hiddenText(hidden: readonly ChecklistItem[], where: string): string {
  const allDone = hidden.every((item) => item.status === 'completed');
  const active = hidden.filter((item) => item.status === 'in_progress').length;
  const count = allDone
    ? `${hidden.length} done${where}`
    : where
      ? `${hidden.length}${where}`
      : `${hidden.length} more`;
  return active ? `${count} (${active} in progress)` : count;
}

/**
 * The focused view: a window of items in all the rows, its place in the header. An item in
 * progress scrolled out of the window stays in view, pinned on the side it went to
 * (`↑ ▸ Migrating step 12`), while at least two rows are left for the window.
 */
function focusedRows(
  title: string,
  items: readonly ChecklistItem[],
  blocks: Line[][],
  width: number,
  view: ChecklistView,
): PlanPanelRows {
  const g = glyphs(view.look);
  const budget = view.maxRows - 1;
  const heights = blocks.map((block) => block.length);
  const statuses = items.map((item) => item.status);
  const active = statuses.flatMap((status, i) => (status === 'in_progress' ? [i] : []));
  const anchor = currentItems(statuses)[0];
  const outside = ({ top, count }: ItemWindow) => ({
    above: active.find((i) => i < top),
    below: active.find((i) => i >= top + count),
  });
  // A pinned row takes one of the window's rows, which may push another item out: the
  // window is laid out again, at most twice.
  let pins = 0;
  let window = itemWindow(heights, view.top, budget, anchor);
  // Scrolled to the end (End), it stays at the end with fewer rows.
  const top = view.top !== null && view.top >= window.maxTop ? Infinity : view.top;
  let side = outside(window);
  for (;;) {
    const sides = (side.above !== undefined ? 1 : 0) + (side.below !== undefined ? 1 : 0);
    if (sides <= pins || budget - sides < 2) break;
    pins = sides;
    window = itemWindow(heights, top, budget - pins, anchor);
    side = outside(window);
  }
  // No more pinned rows than were made room for (above first).
  const above = pins ? side.above : undefined;
  const below = pins === 2 || (pins === 1 && above === undefined) ? side.below : undefined;
  const { count, total } = window;
  const first = window.top;
  const pinned = (index: number | undefined, arrow: string): Line[] =>
    index === undefined
      ? []
      : [
          [
            { text: `${arrow} `, style: DIM },
            ...truncateLine(blocks[index][0], width - 2, g.ellipsis),
          ],
        ];
  const place: Span[] = [
    {
      text: ` ${g.dot} ${count ? `items ${first + 1}-${first + count} of ${total}` : `${total} items`}`,
      style: DIM,
    },
  ];
  const hint = `${g.arrowUp}${g.arrowDown} PgUp/PgDn Home/End ${g.dot} esc back`;
  const rows = firstRows(
    blocks.slice(first, first + count).flat(),
    budget - pins,
    width,
    g.ellipsis,
  );
  return {
    lines: [
      header(title, items, width, view, place, hint),
      ...pinned(above, g.arrowUp),
      ...rows,
      ...pinned(below, g.arrowDown),
    ],
    summarised: false,
    window,
  };
}

/** At most `count` rows; when some are left out, the last one shown ends in an ellipsis. */
function firstRows(rows: Line[], count: number, width: number, ellipsis: string): Line[] {
  if (rows.length <= count) return rows;
  if (count <= 0) return [];
  const cut = truncateLine(rows[count - 1], width - 1, ellipsis);
  return [...rows.slice(0, count - 1), [...cut, { text: ellipsis, style: DIM }]];
}
