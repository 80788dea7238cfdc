import type { ChildTranscript } from '../../src/store/types';
import { formatDuration, formatSeconds, plural } from './format';
import { hintSpan, keyRows, keySpan } from './key-rows';
import { glyphs, type Look } from './look';
import { sanitizeText } from './sanitize';
import type { Line, Span, Style } from './spans';
import { truncateLine } from './wrap';

/**
 * The subagents' views as lines: the list (/agents, ↓ on an empty input) in the input's
 * place, and the header and footer of a child's full-screen view.
 */

export interface AgentListLayout {
  lines: Line[];
  /** The list has no text input: the caret is hidden while it is open. */
  caret: null;
}

const TITLE: Style = { bold: true, fg: 'cyan' };
const DIM: Style = { dim: true };

/** How a child stands, in a word and a mark: running, stopping, done, failed. */
function standing(child: ChildTranscript, look: Look): { mark: Span; word: string } {
  const g = glyphs(look);
  if (child.finished?.ok) return { mark: { text: g.toolOk, style: { fg: 'green' } }, word: 'done' };
  if (child.finished?.stopped)
    return { mark: { text: g.toolCancelled, style: DIM }, word: 'stopped' };
  if (child.finished) return { mark: { text: g.toolError, style: { fg: 'red' } }, word: 'failed' };
  if (child.stopping) return { mark: { text: g.toolCancelled, style: DIM }, word: 'stopping' };
  return { mark: { text: g.toolPending, style: { fg: 'cyan' } }, word: 'running' };
}

/** `running 6s · 2 tool calls`, or `done in 8.1s · 3 tool calls`. */
function progress(child: ChildTranscript, look: Look, now: number): string {
  const { word } = standing(child, look);
  const time = child.finished
    ? `${word} in ${formatDuration(child.finished.durationMs)}`
    : `${word} ${formatSeconds(now - child.startedAt)}`;
  return `${time} ${glyphs(look).dot} ${plural(child.toolCalls, 'tool call')}`;
}

function listRow(
  child: ChildTranscript,
  index: number,
  chosen: boolean,
  width: number,
  look: Look,
  now: number,
): Line {
  const g = glyphs(look);
  return truncateLine(
    [
      { text: chosen ? `${g.prompt} ` : '  ', style: TITLE },
      { text: `${index + 1} `, style: DIM },
      standing(child, look).mark,
      { text: ' ' },
      { text: sanitizeText(child.description), style: chosen ? TITLE : { bold: true } },
      { text: `  ${child.agentType} ${g.dot} ${progress(child, look, now)}`, style: DIM },
    ],
    width,
    g.ellipsis,
  );
}

/** The list: a title, the children around the selected one, the keys; within `maxRows`. */
export function agentListLayout(
  children: readonly ChildTranscript[],
  selected: number,
  width: number,
  look: Look,
  maxRows: number,
  now: number,
): AgentListLayout {
  const g = glyphs(look);
  const title = truncateLine([{ text: 'Subagents', style: TITLE }], width, g.ellipsis);
  const keys = keyRows(
    [
      [keySpan(look.unicode ? `${g.arrowUp}/${g.arrowDown}` : 'up/down'), hintSpan(' choose')],
      [keySpan('enter'), hintSpan(' or '), keySpan('1-9'), hintSpan(' open')],
      [keySpan('esc'), hintSpan(' close')],
    ],
    width,
    look,
  );
  const rows = Math.max(1, maxRows - 1 - keys.length);
  const first = Math.max(0, Math.min(selected - Math.floor(rows / 2), children.length - rows));
  const shown = children
    .slice(first, first + rows)
    .map((child, offset) =>
      listRow(child, first + offset, first + offset === selected, width, look, now),
    );
  return { lines: [title, ...shown, ...keys].slice(0, Math.max(1, maxRows)), caret: null };
}

/** The view's first row: whose transcript this is, and how it stands. */
export function childHeader(child: ChildTranscript, width: number, look: Look, now: number): Line {
  const g = glyphs(look);
  return truncateLine(
    [
      standing(child, look).mark,
      { text: ' agent ', style: { bold: true } },
      { text: sanitizeText(child.description), style: TITLE },
      { text: `  ${child.agentType} ${g.dot} ${child.agentId}`, style: DIM },
      { text: `  ${progress(child, look, now)}`, style: DIM },
    ],
    width,
    g.ellipsis,
  );
}

/** The view's last row: its keys (Ctrl+C only while the child runs). */
export function childFooter(child: ChildTranscript, width: number, look: Look): Line {
  const g = glyphs(look);
  const hints: Span[] = [keySpan('Esc'), hintSpan(' back')];
  const more = (key: string, what: string) =>
    hints.push(hintSpan(` ${g.dot} `), keySpan(key), hintSpan(what));
  if (child.stopping) hints.push(hintSpan(` ${g.dot} stopping this agent${g.ellipsis}`));
  else if (!child.finished) more('Ctrl+C', ' stop this agent');
  more('PgUp/PgDn', ' scroll');
  more('Ctrl+O', ' expand');
  return truncateLine([{ text: ' ' }, ...hints], width, g.ellipsis);
}
