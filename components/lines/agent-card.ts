import type { ChildToolLine, ChildView, ToolCard } from '../../src/store/types';
import { checklistCounts, checklistItemRows, type ChecklistView } from './checklist';
import { formatDuration, formatSeconds, plural } from './format';
import { glyphs, spinnerSpan, type Look } from './look';
import { sanitizeText } from './sanitize';
import type { Line, Span, Style } from './spans';
import { truncateLine } from './wrap';

/** How the card is drawn now (the tool card's view). */
export interface AgentCardView {
  look: Look;
  now: number;
  /** Ctrl+O: every call line, and the whole result. */
  expanded: boolean;
  /** The card Ctrl+O would expand (its hint shows). */
  latest: boolean;
  animate: boolean;
}

const INDENT = '    ';
/** Call lines a running child's card shows until Ctrl+O. */
const COLLAPSED_CALLS = 1;

function indented(spans: Span[], width: number, look: Look): Line {
  return truncateLine([{ text: INDENT }, ...spans], width, glyphs(look).ellipsis);
}

function callMark(line: ChildToolLine, view: AgentCardView): Span {
  const g = glyphs(view.look);
  switch (line.status) {
    case 'running':
      return view.animate
        ? spinnerSpan(view.look, { fg: 'cyan' })
        : { text: g.toolPending, style: { fg: 'cyan' } };
    case 'pending':
      return { text: g.toolPending, style: { fg: 'gray' } };
    case 'asking':
      return { text: '?', style: { fg: 'yellow', bold: true } };
    case 'ok':
      return { text: g.toolOk, style: { fg: 'green' } };
    case 'error':
      return { text: g.toolError, style: { fg: 'red' } };
    case 'denied':
      return { text: g.toolDenied, style: { fg: 'yellow' } };
    case 'cancelled':
      return { text: g.toolCancelled, style: { fg: 'gray' } };
  }
}

function callLine(line: ChildToolLine, width: number, view: AgentCardView): Line {
  const summary = sanitizeText(line.summary.replace(/\s*\n\s*/g, ' '));
  const asking: Span[] =
    line.status === 'asking'
      ? [{ text: '  waiting for your approval', style: { fg: 'yellow' } }]
      : [];
  return indented(
    [
      callMark(line, view),
      { text: ' ' },
      { text: line.name, style: { bold: true } },
      { text: summary ? `  ${summary}` : '', style: { dim: true } },
      ...asking,
    ],
    width,
    view.look,
  );
}

function planRows(child: ChildView, width: number, view: AgentCardView): Line[] {
  if (!child.todos.length) return [];
  const { done, total } = checklistCounts(child.todos);
  const look: ChecklistView = {
    look: view.look,
    now: view.now,
    startedAt: child.todoStartedAt,
    animate: view.animate,
    mode: 'normal',
    top: null,
    maxRows: Infinity,
  };
  const header = indented(
    [{ text: `Plan ${done}/${total}`, style: { bold: true } }],
    width,
    view.look,
  );
  const items = child.todos.flatMap((todo) =>
    checklistItemRows(
      { key: todo.content, status: todo.status, text: todo.content, activeForm: todo.activeForm },
      width - INDENT.length,
      look,
    ).map((row): Line => [{ text: INDENT }, ...row]),
  );
  return [header, ...items];
}

/**
 * The counts line of a running child: its calls so far and its seconds, and how to see more
 * (Ctrl+O its calls; ↓ on an empty input, or /agents, its whole transcript live).
 */
function countsRow(child: ChildView, width: number, view: AgentCardView): Line {
  const hidden = Math.max(0, child.tools.length - COLLAPSED_CALLS);
  const g = glyphs(view.look);
  const expand = !view.expanded && hidden > 0 && view.latest ? `ctrl+o to expand ${g.dot} ` : '';
  // In ASCII the arrow's glyph (`v`) would read as a letter key.
  const down = view.look.unicode ? g.arrowDown : 'down';
  const hint = `  (${expand}${down} to open)`;
  return indented(
    [
      {
        text: `${plural(child.toolCalls, 'tool call')} · ${formatSeconds(view.now - child.startedAt)}${hint}`,
        style: { dim: true },
      },
    ],
    width,
    view.look,
  );
}

/** A finished child in one line: its answer's first line (or its error) and its counts. */
function finishedRows(
  card: ToolCard,
  child: ChildView,
  width: number,
  view: AgentCardView,
): Line[] {
  const end = child.finished;
  if (!end) return [];
  const style: Style = end.ok ? { dim: true } : { fg: 'red' };
  const counts = `${plural(end.turns, 'turn')}, ${plural(end.toolCalls, 'tool call')}, ${formatDuration(end.durationMs)}`;
  if (view.expanded) {
    const text = sanitizeText(end.result.trim() || card.output);
    return [
      ...text.split('\n').map((line) => indented([{ text: line, style }], width, view.look)),
      indented([{ text: `(${counts})`, style: { dim: true } }], width, view.look),
    ];
  }
  const first =
    sanitizeText(end.result.trim().split('\n')[0] ?? '') || (end.ok ? 'Done' : 'Failed');
  return [
    indented(
      [
        { text: first, style },
        { text: `  (${counts})`, style: { dim: true } },
      ],
      width,
      view.look,
    ),
  ];
}

/**
 * The body of an `agent` call's card. Running: the child's plan live (spinner and activeForm),
 * its tool count and seconds, and its latest call (all of them with Ctrl+O). Finished: one line
 * with its result summary.
 */
export function agentCardRows(
  card: ToolCard,
  child: ChildView,
  width: number,
  view: AgentCardView,
): Line[] {
  if (child.finished) return finishedRows(card, child, width, view);
  if (card.status !== 'running' && card.status !== 'asking' && card.status !== 'pending') return [];
  const calls = view.expanded ? child.tools : child.tools.slice(-COLLAPSED_CALLS);
  return [
    ...planRows(child, width, view),
    countsRow(child, width, view),
    ...calls.map((line) => callLine(line, width, view)),
  ];
}
