import type { AppState, ChildTranscript } from './types';
import { movedTop, type ViewportMetrics } from './view-state';

/**
 * The subagents' views as keys change them (pure): the list (/agents, ↓ on an empty input),
 * a child opened full screen, its transcript scrolled, a stop asked.
 */

/** The child whose view is open; undefined when none is (or it is no longer kept). */
export function openChild(
  state: Pick<AppState, 'agents' | 'children'>,
): ChildTranscript | undefined {
  const view = state.agents;
  if (view?.kind !== 'child') return undefined;
  return state.children.find((child) => child.agentId === view.agentId);
}

/** The list opens on the latest running child (else the latest); nothing without children. */
export function pickerOpened(state: AppState): Partial<AppState> {
  const { children } = state;
  if (!children.length) return {};
  let selected = children.length - 1;
  while (selected > 0 && children[selected].finished) selected--;
  if (children[selected].finished) selected = children.length - 1;
  return { agents: { kind: 'picker', selected } };
}

/** ↑ (-1) / ↓ (1) through the list, stopping at its ends. */
export function pickerMoved(state: AppState, direction: -1 | 1): Partial<AppState> {
  const view = state.agents;
  if (view?.kind !== 'picker') return {};
  const selected = Math.max(0, Math.min(state.children.length - 1, view.selected + direction));
  return { agents: { kind: 'picker', selected } };
}

/** Enter (the selected one) or its number: that child full screen, following its bottom. */
export function childOpened(state: AppState, index?: number): Partial<AppState> {
  const view = state.agents;
  const chosen = index ?? (view?.kind === 'picker' ? view.selected : -1);
  const child = state.children[chosen];
  if (!child) return {};
  return { agents: { kind: 'child', agentId: child.agentId, scrollTop: null } };
}

/** The child's transcript moved by `rows` (up is negative); at the bottom it follows again. */
export function childScrolled(
  state: AppState,
  rows: number,
  metrics: ViewportMetrics,
): Partial<AppState> {
  const view = state.agents;
  if (view?.kind !== 'child') return {};
  return { agents: { ...view, scrollTop: movedTop(view.scrollTop, rows, metrics) } };
}

/** Ctrl+C in a child's view: it says "stopping" until it has ended. */
export function stopAsked(state: AppState, agentId: string): Partial<AppState> {
  return {
    children: state.children.map((child) =>
      child.agentId === agentId && !child.finished ? { ...child, stopping: true } : child,
    ),
  };
}
