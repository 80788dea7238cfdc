import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PermissionMode } from '../permissions/types';
import { PLAN_NORMAL } from './plan-view';
import { EMPTY_LIVE } from './reducer';
import type { AppState } from './types';

export type AppStore = StoreApi<AppState>;

export interface InitialSession {
  model: string;
  mode: PermissionMode;
  demo: boolean;
  cwd: string;
  /** `tick --replay FILE`: the recorded session being played again. */
  replayOf?: string;
  /** The task list, when the session plans with the task tools. */
  taskListId?: string;
}

export function initialState(session: InitialSession): AppState {
  return {
    items: [
      {
        kind: 'banner',
        id: 0,
        model: session.model,
        cwd: session.cwd,
        demo: session.demo,
        ...(session.replayOf ? { replayOf: session.replayOf } : {}),
      },
    ],
    nextId: 1,
    live: EMPTY_LIVE,
    todos: [],
    todoStartedAt: {},
    undoneItems: [],
    taskListId: session.taskListId ?? null,
    tasks: [],
    taskStartedAt: {},
    pendingApproval: null,
    itemGrants: 0,
    rewind: null,
    children: [],
    agents: null,
    status: 'idle',
    turnStartedAt: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    turnUsage: { inputTokens: 0, outputTokens: 0 },
    context: null,
    mcp: null,
    mode: session.mode,
    sandbox: null,
    model: session.model,
    demo: session.demo,
    replayOf: session.replayOf ?? null,
    unsaved: false,
    queue: [],
    input: { text: '', cursor: 0 },
    history: [],
    historyIndex: null,
    scrollTop: null,
    planPanel: PLAN_NORMAL,
    expandLatest: false,
    tick: 0,
    notice: null,
    retry: null,
  };
}

/** The session's one store; the driver writes it, components read it through selectors. */
export function createAppStore(session: InitialSession): AppStore {
  return createStore<AppState>()(() => initialState(session));
}
