import type { McpSummary } from '../protocol/mcp-summary';
import type { ToolDisplay } from '../protocol/tool-display';
import type { ToolLook } from '../protocol/tool-look';
import type { Usage } from '../protocol/usage';
import type { ApprovalRequest } from '../protocol/approval';
import type { PermissionMode, SandboxMode } from '../permissions/types';
import type { Todo } from '../protocol/todos';
import type { Task } from '../protocol/tasks';
import type { FileChange, RewindChoice } from '../protocol/checkpoints';
import type { PlanPanelView } from './plan-view';

/** pending: announced or waiting its turn; asking: waiting for the user's answer. */
export type CardStatus = 'pending' | 'asking' | 'running' | 'ok' | 'error' | 'denied' | 'cancelled';

export interface ToolCard {
  id: string;
  name: string;
  /** How the call shows: its events bring it (the generic look until they do). */
  look: ToolLook;
  /** One line: the command, the path, the pattern. */
  summary: string;
  /** The model wrote the call as text in this format (`hermes`, ...); tick recovered it. */
  recovered?: string;
  status: CardStatus;
  /** When it started running (ms since epoch), for the live elapsed time. */
  startedAt?: number;
  durationMs?: number;
  /** Live output while it runs (bash), then the final output; kept to the last lines. */
  output: string;
  display?: ToolDisplay;
  /** Who decided and the user's note, for denied calls. */
  decidedBy?: string;
  /** The call runs (or ran) in the sandbox. */
  confined?: boolean;
  note?: string;
  /** The subagent an `agent` call runs: its plan, its calls, its end. */
  child?: ChildView;
}

/** One call a subagent made, as one line of its card. */
export interface ChildToolLine {
  id: string;
  name: string;
  summary: string;
  status: CardStatus;
}

/** A subagent as its parent's `agent` card shows it. */
export interface ChildView {
  agentId: string;
  description: string;
  startedAt: number;
  /** Its own todo list (V1); the shared task list shows in the task panel (V2). */
  todos: Todo[];
  todoStartedAt: Record<string, number>;
  /** Calls it finished. */
  toolCalls: number;
  /** Its calls, latest last (at most MAX_CHILD_TOOL_LINES). */
  tools: ChildToolLine[];
  /** Set when it ended: its answer (or error) and its counts. */
  finished?: { ok: boolean; result: string; turns: number; toolCalls: number; durationMs: number };
}

/**
 * A subagent's own transcript, for its full-screen view: its task, its streamed text and
 * reasoning, its cards, its plan. Reduced from its events as the main transcript is.
 */
export interface ChildTranscript {
  agentId: string;
  parentCallId: string;
  description: string;
  /** Its agent type (`general-purpose`, `explore`, a definition's name). */
  agentType: string;
  startedAt: number;
  /** Its finished items, the latest MAX_CHILD_ITEMS of them. */
  items: TranscriptItem[];
  nextId: number;
  live: LiveTail;
  todos: Todo[];
  todoStartedAt: Record<string, number>;
  /** Calls it finished. */
  toolCalls: number;
  /** Ctrl+C in its view asked it to stop; it has not ended yet. */
  stopping: boolean;
  /** Set when it ended: whether it answered, how long it ran, whether the user stopped it. */
  finished?: { ok: boolean; durationMs: number; stopped: boolean };
}

/** The subagents' views: the list to choose one from, or one child full screen. */
export type AgentsView =
  | { kind: 'picker'; selected: number }
  /** `scrollTop`: the child's transcript scrolled up (null follows its bottom). */
  | { kind: 'child'; agentId: string; scrollTop: number | null };

export interface ContextFill {
  tokens: number;
  window?: number;
}

export type InfoTone = 'info' | 'error' | 'warning' | 'dim';

/** A finished piece of the transcript. Never changed once committed. */
export type TranscriptItem =
  | { kind: 'banner'; id: number; model: string; cwd: string; demo: boolean; replayOf?: string }
  | { kind: 'user'; id: number; text: string; source: 'user' | 'hook' }
  /** `continued`: a later chunk of the same answer, cut while it streamed. */
  | { kind: 'assistant'; id: number; text: string; continued: boolean }
  | { kind: 'reasoning'; id: number; text: string }
  | { kind: 'tool'; id: number; card: ToolCard; gap: boolean }
  | { kind: 'info'; id: number; text: string; tone: InfoTone }
  | { kind: 'todos'; id: number; todos: Todo[] }
  /** The older history was summarised (one line: `Context compacted: 84k -> 9k tokens`). */
  | {
      kind: 'compaction';
      id: number;
      tokensBefore: number;
      tokensAfter: number;
      planKept: boolean;
    };

/** Distributes Omit over the union so each variant keeps its own fields. */
export type NewItem = TranscriptItem extends infer T
  ? T extends TranscriptItem
    ? Omit<T, 'id'>
    : never
  : never;

/** What is still changing: the streaming answer and the tool calls of this round. */
export interface RetryState {
  attempt: number;
  /** When the next attempt starts (ms since epoch). */
  until: number;
  reason: string;
}

export interface LiveTail {
  text: string;
  /** `text` continues an answer whose head was already committed. */
  continued: boolean;
  reasoning: string;
  /** Text deltas arrived for the current model request (else assistant_message carries it). */
  streamed: boolean;
  tools: ToolCard[];
}

export interface PendingApproval {
  request: ApprovalRequest;
  /** Typing a note for the model after `e`. */
  noteMode: boolean;
  note: string;
  /** First row of the preview (an edit's diff) shown; PgUp/PgDn move it. */
  previewTop: number;
  /**
   * Every question waiting, in the order asked, `request` among them: a turn's calls are
   * asked together and the prompt lists them (absent in a lone question built by tests).
   */
  waiting?: readonly ApprovalRequest[];
  /**
   * The choice keys do not answer yet (the question just opened, or the user is typing):
   * what is typed goes to the input's draft (src/app/approvals.ts, the guard).
   */
  guarded: boolean;
}

/** What the rewind picker previews: the selected point's files and diff, or an undo's. */
export interface RewindPreviewView {
  /** The point (`point:12`) or undo (`undo:#3`) it belongs to. */
  key: string;
  files: FileChange[];
  /** An undo's files changed again later (left unless taken too). */
  overlaps?: (FileChange & { by: string[] })[];
  diff: string;
}

/** The /rewind picker while it is open (it takes the input's place). */
export interface RewindView {
  /** list: choose a point; undo: confirm the undo of one plan item. */
  mode: 'list' | 'undo';
  /** The points are being read (or the preview computed). */
  loading: boolean;
  error: string | null;
  choices: RewindChoice[];
  selected: number;
  preview: RewindPreviewView | null;
  /** First row of the preview's diff shown; PgUp/PgDn move it. */
  previewTop: number;
  /** In undo mode: the item (`#3`) and how it is named. */
  undo: { item: string; label: string } | null;
}

export interface InputState {
  text: string;
  /** Cursor position as an index into `text`. */
  cursor: number;
}

export type SessionStatus = 'idle' | 'busy';

export interface AppState {
  items: TranscriptItem[];
  nextId: number;
  live: LiveTail;
  todos: Todo[];
  /** When each in-progress todo (by content) started, for its seconds counter. */
  todoStartedAt: Record<string, number>;
  /** Plan items whose changes a rewind or an undo took back (`todo:<content>`, `task:<id>`). */
  undoneItems: string[];
  /** The task list the session uses; null when it plans with todo_write. */
  taskListId: string | null;
  /** The task list as last announced (by a task tool, or the folder watcher). */
  tasks: Task[];
  /** When each in-progress task (by id) started, for its seconds counter. */
  taskStartedAt: Record<string, number>;
  pendingApproval: PendingApproval | null;
  /** "Allow for this item" grants in force (the status line counts them). */
  itemGrants: number;
  /** The /rewind picker (Esc Esc on an empty input); null when closed. */
  rewind: RewindView | null;
  /** The session's subagents, oldest first, each with its own transcript (MAX_CHILDREN kept). */
  children: ChildTranscript[];
  /** The subagent list (/agents, ↓) or one child's full-screen view; null when neither shows. */
  agents: AgentsView | null;
  status: SessionStatus;
  /** Start of the running turn. */
  turnStartedAt: number | null;
  usage: Usage;
  /** Usage reported by `usage` events during the running turn. */
  turnUsage: Usage;
  /** How full the model's context is (tokens, of a window when known); null before it is known. */
  context: ContextFill | null;
  /** The session's MCP servers in figures; null without any configured. */
  mcp: McpSummary | null;
  mode: PermissionMode;
  /** The sandbox setting when bash calls may run in it (bubblewrap works); null otherwise. */
  sandbox: SandboxMode | null;
  model: string;
  demo: boolean;
  /** The recorded session file a `--replay` plays, null otherwise. */
  replayOf: string | null;
  /** The session log could not be written (a full disk): nothing more is saved. */
  unsaved: boolean;
  queue: string[];
  input: InputState;
  history: string[];
  /** Index into history while browsing with Up/Down; null when editing fresh text. */
  historyIndex: number | null;
  /** First visible transcript row when scrolled up; null follows the bottom. */
  scrollTop: number | null;
  /** The plan panel: folded, normal or focused (and scrolled); see plan-view.ts. */
  planPanel: PlanPanelView;
  /** Ctrl+O: the latest tool card shows all its output. */
  expandLatest: boolean;
  /** The shared animation clock; advances only while something animates. */
  tick: number;
  /** Shown in the status line for a moment ("Press Ctrl+C again to exit"). */
  notice: string | null;
  /**
   * The model request failed and is tried again: the status line says so, counting down,
   * until the next attempt brings something (one line updated in place, not a paragraph
   * per attempt; a final failure is the turn's error).
   */
  retry: RetryState | null;
}
