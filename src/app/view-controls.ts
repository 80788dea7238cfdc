import type { AppStore } from '../store/store';
import { pagedBy, type PagedViews } from '../store/view-state';

/**
 * What the keys change in how the session is shown, not in the session: scrolling and
 * paging (given what the screen's layout shows now), the todo panel folded, the latest
 * card expanded.
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

  /** Ctrl+T: the todo panel folds to its header. */
  toggleTodos(): void {
    this.store.setState((state) => ({ todosCollapsed: !state.todosCollapsed }));
  }

  /** Ctrl+O: the latest card's output and reasoning in full. */
  toggleExpand(): void {
    this.store.setState((state) => ({ expandLatest: !state.expandLatest }));
  }
}
