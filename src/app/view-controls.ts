import type { AppStore } from '../store/store';
import {
  PLAN_NORMAL,
  planCycled,
  planScrolled,
  type PlanScroll,
  type PlanShown,
  type PlanWindowShown,
} from '../store/plan-view';
import { pagedBy, type PagedViews } from '../store/view-state';

/**
 * What the keys change in how the session is shown, not in the session: scrolling and
 * paging (given what the screen's layout shows now), the plan panel folded, focused and
 * scrolled, the latest card expanded.
 */
export class ViewControls {
  constructor(private readonly store: AppStore) {}

  /** PgUp/PgDn: the approval's preview while it does not fit, else the transcript. */
  page(direction: -1 | 1, views: PagedViews): void {
    this.store.setState((state) => pagedBy(state, direction, views));
  }

  /** Esc or End: follow the bottom again. */
  scrollToBottom(): void {
    this.store.setState({ scrollTop: null });
  }

  /** Ctrl+T: the plan panel goes normal → focused (when it has more to show) → folded. */
  cyclePlan(shown: PlanShown | null): void {
    this.store.setState((state) => ({ planPanel: planCycled(state.planPanel, shown) }));
  }

  /** Esc (or a key the panel does not use): focus goes back to the prompt. */
  leavePlan(): void {
    this.store.setState({ planPanel: PLAN_NORMAL });
  }

  /** Up/Down, PgUp/PgDn, Home/End while the plan panel is focused. */
  scrollPlan(move: PlanScroll, window: PlanWindowShown): void {
    this.store.setState((state) => ({ planPanel: planScrolled(state.planPanel, move, window) }));
  }

  /** Ctrl+O: the latest card's output and reasoning in full. */
  toggleExpand(): void {
    this.store.setState((state) => ({ expandLatest: !state.expandLatest }));
  }
}
