import type { PermissionMode, SandboxMode } from '../../src/permissions/types';
import type { McpSummary } from '../../src/protocol/mcp-summary';
import type { Usage } from '../../src/protocol/usage';
import type { AppState } from '../../src/store/types';
import { formatSeconds, formatTokens } from './format';
import { contextFigure, contextPercent } from '../../src/context/format';
import { glyphs, spinnerSpan, type Look } from './look';
import type { Color, Line, Span, Style } from './spans';
import { lineWidth, truncateLine } from './wrap';

export interface StatusView {
  model: string;
  demo: boolean;
  mode: PermissionMode;
  /** The sandbox setting while bash may run in it; `confinedRunning`: a call runs there now. */
  sandbox?: SandboxMode | null;
  confinedRunning?: boolean;
  usage: Usage;
  busy: boolean;
  /** The running turn's age. */
  elapsedMs: number;
  notice: string | null;
  queued: number;
  scrolled: boolean;
  approval: boolean;
  /** The question's note box is open (Esc goes back to the choices, Enter denies). */
  noteMode: boolean;
  /** The session plans with the task tools (the panel is the task list). */
  tasks: boolean;
  /** The model request is tried again: which attempt, in how long, why. */
  retry?: { attempt: number; inMs: number; reason: string } | null;
  look: Look;
  /** The file a `--replay` plays (its name is shown). */
  replayOf?: string | null;
  /** The session log stopped being written (a full disk). */
  unsaved?: boolean;
  /** How full the model's context is: `ctx 62%` (`ctx 12k` while the window is unknown). */
  context?: { tokens: number; window?: number } | null;
  /** "Allow for this item" grants in force: `1 item grant`. */
  itemGrants?: number;
  /** The MCP servers: `mcp 2/3 ~4.1k`, ready of those meant to run, and their definitions' cost. */
  mcp?: McpSummary | null;
}

/** The parts of the app's state the status line shows. */
export interface StatusSource {
  model: string;
  demo: boolean;
  replayOf: string | null;
  unsaved: boolean;
  mode: PermissionMode;
  sandbox: SandboxMode | null;
  confinedRunning: boolean;
  usage: Usage;
  status: 'idle' | 'busy';
  turnStartedAt: number | null;
  notice: string | null;
  queued: number;
  scrolled: boolean;
  approval: boolean;
  noteMode: boolean;
  tasks: boolean;
  retry: AppState['retry'];
  /** The clock's tick, so the elapsed seconds move (not shown itself). */
  clock: number;
  context: AppState['context'];
  itemGrants: number;
  mcp: AppState['mcp'];
}

/** The status line's part of the app's state. */
export function statusSourceOf(state: AppState): StatusSource {
  return {
    model: state.model,
    demo: state.demo,
    replayOf: state.replayOf,
    unsaved: state.unsaved,
    mode: state.mode,
    sandbox: state.sandbox,
    confinedRunning: state.live.tools.some(
      (card) => card.status === 'running' && card.confined === true,
    ),
    usage: state.usage,
    status: state.status,
    turnStartedAt: state.turnStartedAt,
    notice: state.notice,
    queued: state.queue.length,
    scrolled: state.scrollTop !== null,
    approval: state.pendingApproval !== null,
    noteMode: state.pendingApproval?.noteMode ?? false,
    tasks: state.taskListId !== null,
    retry: state.retry,
    // The clock matters only while a turn runs (the elapsed seconds).
    clock: state.status === 'busy' ? state.tick : -1,
    context: state.context,
    itemGrants: state.itemGrants,
    mcp: state.mcp,
  };
}

/** What the status line shows for this state, at `now`. */
export function statusViewOf(source: StatusSource, look: Look, now: number): StatusView {
  return {
    model: source.model,
    demo: source.demo,
    replayOf: source.replayOf,
    unsaved: source.unsaved,
    mode: source.mode,
    sandbox: source.sandbox,
    confinedRunning: source.confinedRunning,
    usage: source.usage,
    busy: source.status === 'busy',
    elapsedMs: source.turnStartedAt === null ? 0 : now - source.turnStartedAt,
    notice: source.notice,
    queued: source.queued,
    scrolled: source.scrolled,
    approval: source.approval,
    noteMode: source.noteMode,
    tasks: source.tasks,
    retry: source.retry && {
      attempt: source.retry.attempt,
      inMs: Math.max(0, source.retry.until - now),
      reason: source.retry.reason,
    },
    look,
    context: source.context,
    itemGrants: source.itemGrants,
    mcp: source.mcp,
  };
}

const MODE_COLOR: Record<PermissionMode, Color | undefined> = {
  default: undefined,
  acceptEdits: 'green',
  plan: 'blue',
  bypassPermissions: 'red',
};

/** Dim while there is room; yellow past 60 %, red past 80 % (compaction is near). */
function contextSpan(context: { tokens: number; window?: number }): Span {
  const percent = context.window ? contextPercent(context.tokens, context.window) : 0;
  const color: Color | undefined = percent > 80 ? 'red' : percent > 60 ? 'yellow' : undefined;
  return {
    text: contextFigure(context.tokens, context.window),
    style: color ? { fg: color } : { dim: true },
  };
}

/**
 * The MCP servers: how many of those meant to run are ready (`starting` while some are),
 * and what the MCP tool definitions offered now add to each request. Yellow when one
 * failed or waits for an answer (/mcp says which and why).
 */
export function mcpSpan(mcp: McpSummary): Span {
  const status = mcp.starting
    ? `${mcp.ready}/${mcp.servers} starting`
    : `${mcp.ready}/${mcp.servers}`;
  const cost = mcp.tools ? ` ~${formatTokens(mcp.tokens)} tok` : '';
  const trouble = mcp.failed > 0 || mcp.waiting > 0;
  return { text: `mcp ${status}${cost}`, style: trouble ? { fg: 'yellow' } : { dim: true } };
}

/**
 * One row: the model (always shown), the mode, tokens, the turn's time and key hints.
 * Parts are dropped from the right when the terminal is narrow.
 */
export function statusLine(view: StatusView, width: number): Line {
  const g = glyphs(view.look);
  const sep: Span = { text: ` ${g.dot} `, style: { dim: true } };
  const model: Span = {
    text: view.demo ? 'demo model' : view.model,
    style: { bold: true, fg: view.demo ? 'yellow' : undefined },
  };
  const parts: Span[][] = [];
  // A notice is what the user must see now; it comes right after the model.
  if (view.notice) parts.push([{ text: view.notice, style: { fg: 'yellow', bold: true } }]);
  // Stays while the app runs: what follows is lost to -c and -r.
  if (view.unsaved) parts.push([{ text: 'session not saved', style: { fg: 'red', bold: true } }]);
  if (view.replayOf)
    parts.push([
      { text: `replay of ${view.replayOf.split('/').pop() ?? ''}`, style: { fg: 'magenta' } },
    ]);
  parts.push([{ text: view.mode, style: { fg: MODE_COLOR[view.mode] } }]);
  if (view.itemGrants)
    parts.push([
      {
        text: `${view.itemGrants} item grant${view.itemGrants === 1 ? '' : 's'}`,
        style: { fg: 'green' },
      },
    ]);
  if (view.sandbox) {
    // Bold while a call runs in it; otherwise which setting is in use.
    parts.push([
      view.confinedRunning
        ? { text: 'in sandbox', style: { fg: 'cyan', bold: true } }
        : { text: `sandbox ${view.sandbox}`, style: { fg: 'cyan', dim: true } },
    ]);
  }
  if (view.busy && view.retry && !view.approval) {
    const { attempt, inMs, reason } = view.retry;
    const style: Style = { fg: 'yellow' };
    // A long reason is cut so the line keeps room for the rest.
    const why = truncateLine([{ text: reason.split('\n')[0] ?? '', style }], 40, g.ellipsis);
    parts.push([
      spinnerSpan(view.look, style),
      { text: ` retrying in ${Math.ceil(inMs / 1000)}s (attempt ${attempt}): `, style },
      ...why,
    ]);
  } else if (view.busy) {
    const style: Style = { fg: view.approval ? 'yellow' : 'cyan' };
    const what = `${view.approval ? 'waiting for you' : 'working'} ${formatSeconds(view.elapsedMs)}`;
    parts.push([
      view.approval ? { text: '?', style } : spinnerSpan(view.look, style),
      { text: ` ${what}`, style },
    ]);
  }
  parts.push([
    {
      text: `${g.arrowUp}${formatTokens(view.usage.inputTokens)} ${g.arrowDown}${formatTokens(view.usage.outputTokens)}`,
      style: { dim: true },
    },
  ]);
  if (view.context) parts.push([contextSpan(view.context)]);
  // Servers all off or refused: nothing to say.
  if (view.mcp?.servers) parts.push([mcpSpan(view.mcp)]);
  if (view.queued) parts.push([{ text: `${view.queued} queued`, style: { fg: 'magenta' } }]);
  if (!view.notice) {
    const hints: string[] = [];
    if (view.scrolled) hints.push('End to follow');
    // While a question is open, Esc answers it (deny); the turn goes on. In its note box
    // Esc goes back to the choices and Enter denies with the note.
    if (view.noteMode) hints.push('enter deny with note', 'esc back');
    else if (view.approval) hints.push('esc deny');
    else if (view.busy) hints.push('esc interrupt');
    else hints.push('shift+tab mode');
    hints.push(view.tasks ? 'ctrl+t tasks' : 'ctrl+t todos', 'ctrl+c twice quit');
    for (const hint of hints) parts.push([{ text: hint, style: { dim: true } }]);
  }
  const line: Line = [model];
  let used = lineWidth(line);
  for (const part of parts) {
    const more = lineWidth([sep, ...part]);
    if (used + more > width) break;
    line.push(sep, ...part);
    used += more;
  }
  return truncateLine(line, width, g.ellipsis);
}
