/**
 * The plan panel's view (the todo or task list): folded to its header, normal (a window
 * that summarises what does not fit, never the items in progress), or focused (taller,
 * scrolled by the keys). Pure changes the keys make; the layout says what is shown.
 */

export type PlanPanelMode = 'folded' | 'normal' | 'focused';

export interface PlanPanelView {
  mode: PlanPanelMode;
  /** Focused and scrolled: the first item shown; null keeps the item in progress in view. */
  top: number | null;
}

export const PLAN_NORMAL: PlanPanelView = { mode: 'normal', top: null };

/** The focused panel's window, as the layout shows it now. */
export interface PlanWindowShown {
  top: number;
  /** How far a page moves (in items). */
  page: number;
  maxTop: number;
}

/** The plan panel as the layout shows it now (null without a plan). */
export interface PlanShown {
  /** Some items are left out of the normal view and counted (the list does not fit). */
  summarised: boolean;
  /** While focused: the window over the items. */
  window: PlanWindowShown | null;
}

/**
 * Ctrl+T: normal → focused → folded → normal. A list that fits its rows has nothing to
 * scroll: from normal it folds at once.
 */
export function planCycled(view: PlanPanelView, shown: PlanShown | null): PlanPanelView {
  switch (view.mode) {
    case 'normal':
      return { mode: shown?.summarised ? 'focused' : 'folded', top: null };
    case 'focused':
      return { mode: 'folded', top: null };
    case 'folded':
      return PLAN_NORMAL;
  }
}

/** A key's move through the focused window. */
export type PlanScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'home' | 'end';

/** The window's first item after a key, kept within 0…maxTop. */
export function scrolledTop(window: PlanWindowShown, move: PlanScroll): number {
  const next: Record<PlanScroll, number> = {
    up: window.top - 1,
    down: window.top + 1,
    pageUp: window.top - window.page,
    pageDown: window.top + window.page,
    home: 0,
    end: window.maxTop,
  };
  return Math.max(0, Math.min(window.maxTop, next[move]));
}

/** The focused panel scrolled by a key. */
export function planScrolled(
  view: PlanPanelView,
  move: PlanScroll,
  window: PlanWindowShown,
): PlanPanelView {
  return { ...view, top: scrolledTop(window, move) };
}
