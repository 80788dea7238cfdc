import type { CardStatus, ToolCard } from '../../src/store/types';
import { ABORTED_TEXT, CANCELLED_TEXT, NO_OUTPUT_TEXT } from '../../src/protocol/cancel-text';
import type { ResultShape } from '../../src/protocol/tool-look';
import { formatDuration, formatSeconds, plural } from './format';
import { agentCardRows } from './agent-card';
import { isFinished } from '../../src/store/reducer';
import { glyphs, spinnerSpan, type Look } from './look';
import { sanitizeText } from './sanitize';
import type { Color, Line, Span, Style } from './spans';
import { lineWidth, textWidth, truncateLine, wrapLine } from './wrap';

/** Output rows a card shows until Ctrl+O expands it. */
export const COLLAPSED_ROWS = 6;
const INDENT: Line = [{ text: '  ' }];

export interface CardView {
  look: Look;
  now: number;
  /** Ctrl+O: show every output row. */
  expanded: boolean;
  /** The latest card: the one Ctrl+O expands, so its hint is shown. */
  latest: boolean;
  /** Spinners move (a turn is running). */
  animate: boolean;
}

const STATUS_COLOR: Record<CardStatus, Color> = {
  pending: 'gray',
  asking: 'yellow',
  running: 'cyan',
  ok: 'green',
  error: 'red',
  denied: 'yellow',
  cancelled: 'gray',
};

function statusText(status: CardStatus, look: Look): string {
  const g = glyphs(look);
  switch (status) {
    case 'pending':
    case 'running':
      return g.toolPending;
    case 'asking':
      return '?';
    case 'ok':
      return g.toolOk;
    case 'error':
      return g.toolError;
    case 'denied':
      return g.toolDenied;
    case 'cancelled':
      return g.toolCancelled;
  }
}

/** The card's status mark; a running call's spins while the turn runs. */
function statusGlyph(status: CardStatus, view: CardView): Span {
  const style: Style = { fg: STATUS_COLOR[status], bold: true };
  if (status === 'running' && view.animate) return spinnerSpan(view.look, style);
  return { text: statusText(status, view.look), style };
}

function elapsed(card: ToolCard, view: CardView): string {
  if (card.durationMs !== undefined && card.status !== 'running')
    return formatDuration(card.durationMs);
  if (card.status === 'running' && card.startedAt !== undefined)
    return formatSeconds(view.now - card.startedAt);
  return '';
}

function header(card: ToolCard, width: number, view: CardView): Line {
  const glyph = statusGlyph(card.status, view);
  const name: Span = { text: card.name, style: { bold: true } };
  const time = elapsed(card, view);
  // A call the model wrote as text says so: its server's tool parser is not doing the work.
  const tail: Span[] = [
    ...(card.confined || card.display?.confined
      ? [{ text: '  sandboxed', style: { fg: 'cyan' as const } }]
      : []),
    ...(card.recovered ? [{ text: `  (from ${card.recovered} text)`, style: { dim: true } }] : []),
    ...(time ? [{ text: `  ${time}`, style: { dim: true } }] : []),
  ];
  const fixed = textWidth(glyph.text) + 1 + textWidth(card.name) + lineWidth(tail);
  const summaryText = card.summary.replace(/\s*\n\s*/g, ' ');
  const room = width - fixed - 2;
  const summary: Line =
    summaryText && room >= 4
      ? [{ text: '  ' }, ...truncateLine([{ text: summaryText }], room, glyphs(view.look).ellipsis)]
      : [];
  return truncateLine(
    [glyph, { text: ' ' }, name, ...summary, ...tail],
    width,
    glyphs(view.look).ellipsis,
  );
}

function wrapped(text: string, width: number, style?: Style): Line[] {
  const rows: Line[] = [];
  for (const line of text.split('\n'))
    rows.push(...wrapLine([...INDENT, { text: line, style }], width, { indent: INDENT }));
  return rows;
}

/** Keeps `max` rows from the end (or the start), saying how many were left out. */
function clampRows(
  rows: Line[],
  max: number,
  from: 'start' | 'end',
  cut: number,
  view: CardView,
): Line[] {
  if (rows.length <= max && cut === 0) return rows;
  const keep = Math.min(rows.length, max - 1);
  const hidden = rows.length - keep + cut;
  const hint = view.latest ? ' (ctrl+o to expand)' : '';
  const note: Line = [
    {
      text: `  ${glyphs(view.look).ellipsis} ${plural(hidden, from === 'end' ? 'earlier line' : 'more line')}${hint}`,
      style: { dim: true },
    },
  ];
  return from === 'end'
    ? [note, ...rows.slice(rows.length - keep)]
    : [...rows.slice(0, keep), note];
}

/** Lines are cut before wrapping, so a huge log is not laid out on every frame. */
const KEEP_LINES = COLLAPSED_ROWS * 4;

interface Excerpt {
  text: string;
  /** Logical lines left out. */
  cut: number;
}

function countLines(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

function excerpt(text: string, from: 'start' | 'end', expanded: boolean): Excerpt {
  const clean = text.replace(/\n+$/, '');
  if (expanded) return { text: sanitizeText(clean), cut: 0 };
  const total = countLines(clean);
  if (total <= KEEP_LINES) return { text: sanitizeText(clean), cut: 0 };
  let index: number;
  if (from === 'end') {
    index = clean.length;
    for (let i = 0; i < KEEP_LINES; i++) index = clean.lastIndexOf('\n', index - 1);
    return { text: sanitizeText(clean.slice(index + 1)), cut: total - KEEP_LINES };
  }
  index = -1;
  for (let i = 0; i < KEEP_LINES; i++) index = clean.indexOf('\n', index + 1);
  return { text: sanitizeText(clean.slice(0, index)), cut: total - KEEP_LINES };
}

/** A unified diff as coloured rows (the ---/+++ headers left out), wrapped to the width. */
export function diffRows(diff: string, width: number): Line[] {
  const rows: Line[] = [];
  for (const line of sanitizeText(diff).split('\n')) {
    if (
      line.startsWith('+++') ||
      line.startsWith('---') ||
      line.startsWith('Index:') ||
      line.startsWith('====')
    )
      continue;
    let style: Style | undefined;
    if (line.startsWith('+')) style = { fg: 'green' };
    else if (line.startsWith('-')) style = { fg: 'red' };
    else if (line.startsWith('@@')) style = { fg: 'cyan', dim: true };
    else style = { dim: true };
    rows.push(...wrapLine([...INDENT, { text: line, style }], width, { indent: INDENT }));
  }
  while (
    rows.length &&
    rows[rows.length - 1].length <= 1 &&
    !rows[rows.length - 1].some((part) => part.text.trim())
  )
    rows.pop();
  return rows;
}

interface Body {
  rows: Line[];
  from: 'start' | 'end';
  cut?: number;
}

/** Where a card's output is most telling: the end of a log, the start of the rest. */
function readsFromEnd(shape: ResultShape): boolean {
  return shape === 'log';
}

/** The body of a finished, successful call: what its shape shows. */
function resultRows(card: ToolCard, shape: ResultShape, part: Excerpt, width: number): Body {
  const out = part.text;
  const display = card.display ?? {};
  switch (shape) {
    case 'log': {
      const rows = out ? wrapped(out, width, { dim: true }) : [];
      if (display.exitCode)
        rows.push(...wrapped(`exit code ${display.exitCode}`, width, { fg: 'red' }));
      return { rows, from: 'end', cut: part.cut };
    }
    case 'diff':
      return {
        rows: display.diff
          ? diffRows(display.diff, width)
          : wrapped(out.split('\n')[0] ?? '', width, { dim: true }),
        from: 'start',
      };
    case 'count':
      return {
        rows: wrapped(
          display.lines !== undefined
            ? `Read ${plural(display.lines, 'line')}`
            : (out.split('\n')[0] ?? ''),
          width,
          { dim: true },
        ),
        from: 'start',
      };
    case 'list': {
      const count =
        display.matches !== undefined
          ? plural(display.matches, 'match').replace('matchs', 'matches')
          : '';
      return {
        rows: wrapped([count, out].filter(Boolean).join('\n'), width, { dim: true }),
        from: 'start',
        cut: part.cut,
      };
    }
    case 'plan':
      // The panel shows the plan; the header's summary says what changed, or (a call that
      // only reads it) a line what it found.
      return {
        rows: display.found ? wrapped(display.found, width, { dim: true }) : [],
        from: 'start',
      };
    case 'text': {
      const rows = out ? wrapped(out, width, { dim: true }) : [];
      // An MCP result's structuredContent, when its text does not say it: one line of JSON.
      if (display.structured)
        rows.push(...wrapped(clampLine(display.structured, width), width, { fg: 'cyan' }));
      return { rows, from: 'start', cut: part.cut };
    }
  }
}

/** One row's worth of text, cut with an ellipsis. */
function clampLine(text: string, width: number): string {
  return text.length > width - 1 ? `${text.slice(0, Math.max(0, width - 2))}…` : text;
}

/** A cancelled call's output without the words for the model that "Cancelled" repeats. */
export function printedBeforeCancel(output: string): string {
  const lines = output.split('\n');
  if (lines[0] === CANCELLED_TEXT || lines[0] === ABORTED_TEXT) lines.shift();
  const rest = lines.join('\n');
  return rest === NO_OUTPUT_TEXT ? '' : rest;
}

function outputRows(card: ToolCard, width: number, view: CardView): Body {
  const shape = card.look.resultShape;
  const fromEnd = readsFromEnd(shape);
  const part = excerpt(card.output, fromEnd ? 'end' : 'start', view.expanded);
  const out = part.text;
  switch (card.status) {
    case 'pending':
      return { rows: [], from: 'start' };
    case 'asking':
      return { rows: wrapped('waiting for your approval', width, { fg: 'yellow' }), from: 'start' };
    case 'running':
      // Live output: a command's, or a task tool saying what it waits for.
      return {
        rows: out ? wrapped(out, width, { dim: true }) : [],
        from: fromEnd ? 'end' : 'start',
        cut: part.cut,
      };
    case 'denied': {
      const by = card.decidedBy ? ` (${card.decidedBy})` : '';
      const note = card.note ? `: ${card.note}` : '';
      const text = card.decidedBy || card.note ? `Denied${by}${note}` : out || 'Denied';
      return { rows: wrapped(text, width, { fg: 'yellow' }), from: 'start' };
    }
    case 'cancelled': {
      // What it printed before it was stopped, if anything; "Cancelled" says the rest.
      const printed = fromEnd ? printedBeforeCancel(out) : '';
      return {
        rows: [
          ...(printed ? wrapped(printed, width, { dim: true }) : []),
          ...wrapped('Cancelled', width, { fg: 'gray' }),
        ],
        from: 'end',
        cut: fromEnd ? part.cut : 0,
      };
    }
    case 'error':
      return {
        rows: wrapped(out || 'failed', width, { fg: 'red' }),
        from: fromEnd ? 'end' : 'start',
        cut: part.cut,
      };
    case 'ok':
      return resultRows(card, shape, part, width);
  }
}

/** A tool call as rows: status glyph, name, summary, time, then its clamped output. */
export function toolCardLines(card: ToolCard, width: number, view: CardView): Line[] {
  // An interrupted child (no end of its own) shows as any cancelled card.
  if (card.child && (card.child.finished || !isFinished(card.status)))
    return [header(card, width, view), ...agentCardRows(card, card.child, width, view)];
  // An agent call whose child waits for one of the agents.maxParallel slots.
  if (card.status === 'running' && card.look.role === 'agent')
    return [
      header(card, width, view),
      ...wrapped('waiting for a free subagent slot', width, { dim: true }),
    ];
  const { rows, from, cut = 0 } = outputRows(card, width, view);
  const body = view.expanded ? rows : clampRows(rows, COLLAPSED_ROWS, from, cut, view);
  return [header(card, width, view), ...body];
}
