import {
  childOpened,
  childScrolled,
  openChild,
  pickerMoved,
  pickerOpened,
  stopAsked,
} from '../store/agents-view';
import type { AppStore } from '../store/store';
import type { ViewportMetrics } from '../store/view-state';
import type { SessionAgent } from './agent-port';

/**
 * The subagents' views: the list (/agents, ↓ on an empty input) and one child's transcript
 * full screen, live. Esc goes back; Ctrl+C in a child's view stops that child alone (the
 * agent aborts its loop; the parent's call gets "stopped by the user" and its turn goes on).
 */
export class AgentViews {
  constructor(
    private readonly store: AppStore,
    private readonly agent: () => SessionAgent | undefined,
  ) {}

  /** Opens the list; false when the session has no subagent yet. */
  openList(): boolean {
    this.store.setState(pickerOpened);
    return this.store.getState().agents !== null;
  }

  /** ↑ (-1) / ↓ (1) in the list. */
  move(direction: -1 | 1): void {
    this.store.setState((state) => pickerMoved(state, direction));
  }

  /** Enter (the selected child) or a number (1 is the first): its view, full screen. */
  open(index?: number): void {
    this.store.setState((state) => childOpened(state, index));
  }

  /** Esc: back to the main screen. */
  close(): void {
    this.store.setState({ agents: null });
  }

  /** PgUp (-1) / PgDn (1) through the open child's transcript, a page less one row. */
  page(direction: -1 | 1, transcript: ViewportMetrics): void {
    const rows = direction * Math.max(1, transcript.height - 1);
    this.store.setState((state) => childScrolled(state, rows, transcript));
  }

  /** End: the open child's transcript follows its bottom again. */
  follow(): void {
    this.store.setState((state) =>
      state.agents?.kind === 'child' ? { agents: { ...state.agents, scrollTop: null } } : {},
    );
  }

  /** Ctrl+C in a child's view: stops that child only; nothing when it has ended. */
  stop(): void {
    const child = openChild(this.store.getState());
    if (!child || child.finished) return;
    if (this.agent()?.stopSubagent?.(child.agentId))
      this.store.setState((state) => stopAsked(state, child.agentId));
  }
}
