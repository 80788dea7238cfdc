/**
 * Which items of a plan panel show, over their heights in rows alone (pure: no drawing).
 * The summarised view picks items around the ones in progress; the focused view is a
 * window the keys scroll, one item at a time or a page.
 */

export type ItemStatus = 'pending' | 'in_progress' | 'completed';

/** The items in progress, else the first unfinished one, else the last: what must show. */
export function currentItems(statuses: readonly ItemStatus[]): number[] {
  const active = statuses.flatMap((status, i) => (status === 'in_progress' ? [i] : []));
  if (active.length) return active;
  const open = statuses.findIndex((status) => status !== 'completed');
  return [open !== -1 ? open : statuses.length - 1];
}

/**
 * Rows the items `shown` take: their own, plus one row for each run of hidden items
 * between two shown ones (it counts them).
 */
export function shownCost(heights: readonly number[], shown: ReadonlySet<number>): number {
  const sorted = [...shown].sort((a, b) => a - b);
  let cost = 0;
  sorted.forEach((index, i) => {
    cost += heights[index];
    if (i > 0 && index > sorted[i - 1] + 1) cost += 1;
  });
  return cost;
}

/**
 * The items a summarised panel shows in `budget` rows, ascending. Every item in progress
 * comes first, whatever else gives way (the first one even when it alone is too tall: it
 * is cut), the next ones while they fit; then the item before the first (what was just
 * done), the ones after it and earlier ones while room is left.
 */
export function summarisedItems(
  heights: readonly number[],
  statuses: readonly ItemStatus[],
  budget: number,
): number[] {
  if (!heights.length) return [];
  const current = currentItems(statuses);
  const shown = new Set([current[0]]);
  const fits = (index: number) =>
    index >= 0 &&
    index < heights.length &&
    (shown.has(index) || shownCost(heights, new Set([...shown, index])) <= budget);
  for (const index of current.slice(1)) if (fits(index)) shown.add(index);
  const first = current[0];
  if (fits(first - 1)) shown.add(first - 1);
  for (let next = first + 1; fits(next); next++) shown.add(next);
  for (let earlier = Math.min(...shown) - 1; fits(earlier); earlier--) shown.add(earlier);
  return [...shown].sort((a, b) => a - b);
}

/** The focused panel's window over the items. */
export interface ItemWindow {
  /** The first item shown. */
  top: number;
  /** Items shown from `top` (the last may be cut). */
  count: number;
  /** The largest useful `top`: from it on, the last item is in view. */
  maxTop: number;
  /** How far a page moves: the items shown less one, which stays in view. */
  page: number;
  /** All the items. */
  total: number;
}

/** The smallest `top` from which every later item fits in `budget` rows. */
export function maxItemTop(heights: readonly number[], budget: number): number {
  let top = heights.length;
  let used = 0;
  while (top > 0 && used + heights[top - 1] <= budget) used += heights[--top];
  return Math.min(top, Math.max(0, heights.length - 1));
}

/**
 * The items shown from `top` in `budget` rows. `top` null follows the work: the item
 * before the first one in progress (`anchor`) heads the window, as the summarised view
 * shows it.
 */
export function itemWindow(
  heights: readonly number[],
  top: number | null,
  budget: number,
  anchor: number,
): ItemWindow {
  const total = heights.length;
  const maxTop = maxItemTop(heights, budget);
  const start = Math.max(0, Math.min(maxTop, top ?? anchor - 1));
  let count = 0;
  let used = 0;
  while (start + count < total && used < budget) used += heights[start + count++];
  return { top: start, count, maxTop, page: Math.max(1, count - 1), total };
}
