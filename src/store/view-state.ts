import { EMPTY_INPUT, setText } from './input-editor';
import { PLAN_NORMAL } from './plan-view';
import { EMPTY_LIVE, commit } from './reducer';
import type { AppState } from './types';

/**
 * The app's state changes that keys make, needing nothing but the state (and, for
 * scrolling, what the screen's layout shows): pure, so the driver only applies them.
 */

/** The transcript as the layout shows it: all its rows and the rows on screen, for paging. */
export interface ViewportMetrics {
  totalRows: number;
  height: number;
}

/** Up (-1) or down (1) through the prompts sent before; past the newest, an empty input. */
export function historyStep(state: AppState, direction: -1 | 1): Partial<AppState> {
  if (!state.history.length) return {};
  const current = state.historyIndex ?? state.history.length;
  const index = Math.max(0, Math.min(state.history.length, current + direction));
  if (index === state.history.length) return { historyIndex: null, input: EMPTY_INPUT };
  return { historyIndex: index, input: setText(state.history[index]) };
}

/** A first row moved by `rows` (up is negative); at the bottom it follows again (null). */
export function movedTop(
  top: number | null,
  rows: number,
  { totalRows, height }: ViewportMetrics,
): number | null {
  const bottom = Math.max(0, totalRows - height);
  const next = Math.max(0, Math.min(bottom, (top ?? bottom) + rows));
  return next >= bottom ? null : next;
}

/** The transcript moved by `rows` (up is negative); at the bottom it follows again (null). */
export function scrolledBy(
  state: AppState,
  rows: number,
  metrics: ViewportMetrics,
): Partial<AppState> {
  return { scrollTop: movedTop(state.scrollTop, rows, metrics) };
}

/** /clear: the banner stays, the conversation, plan, usage and context go. */
export function clearedConversation(state: AppState): AppState {
  return commit(
    {
      ...state,
      items: state.items.filter((item) => item.kind === 'banner'),
      live: EMPTY_LIVE,
      todos: [],
      todoStartedAt: {},
      undoneItems: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      context: null,
      scrollTop: null,
      expandLatest: false,
      planPanel: PLAN_NORMAL,
      children: [],
      agents: null,
    },
    { kind: 'info', text: 'New conversation.', tone: 'dim' },
  );
}

/** What a page key moves through, as the screen's layout shows it now. */
export interface PagedViews {
  /** The approval's (or the rewind picker's) preview: it pages first while it does not fit. */
  preview: { top: number; page: number; maxTop: number } | null;
  /** The transcript (read only when the preview does not take the key). */
  readonly transcript: ViewportMetrics;
}

/**
 * PgUp (-1) / PgDn (1): through the approval's preview while it does not fit, the rewind
 * picker's diff while it is open, else the transcript by its height less one row (a row of
 * the last page stays in view).
 */
export function pagedBy(state: AppState, direction: -1 | 1, views: PagedViews): Partial<AppState> {
  const preview = state.pendingApproval || state.rewind ? views.preview : null;
  const top =
    preview && Math.max(0, Math.min(preview.maxTop, preview.top + direction * preview.page));
  if (state.pendingApproval && preview && preview.maxTop > 0)
    return { pendingApproval: { ...state.pendingApproval, previewTop: top ?? 0 } };
  // The rewind picker's diff pages; the transcript behind it stays.
  if (state.rewind) return preview ? { rewind: { ...state.rewind, previewTop: top ?? 0 } } : {};
  const { transcript } = views;
  return scrolledBy(state, direction * Math.max(1, transcript.height - 1), transcript);
}
