import type { SessionSummary } from '../../src/session/list';
import { shortTime } from '../../src/session/list-text';
import { sanitizeText } from './sanitize';
import { glyphs, type Look } from './look';
import type { Line } from './spans';
import { truncateLine } from './wrap';

/** Why a session cannot be picked (another live tick writes it, or it is unreadable). */
export function unavailableReason(session: SessionSummary): string | undefined {
  if (session.error) return `cannot be resumed: ${session.error}`;
  if (session.inUseBy !== undefined)
    return `in use by another tick process (pid ${session.inUseBy}); cannot resume it here`;
  return undefined;
}

/** The first session that can be picked, -1 when none can. */
export function firstSelectable(sessions: readonly SessionSummary[]): number {
  return sessions.findIndex((session) => !unavailableReason(session));
}

/** Up (-1) or Down (1) to the next session that can be picked; stays put at either end. */
export function moveSelection(
  sessions: readonly SessionSummary[],
  selected: number,
  direction: -1 | 1,
): number {
  for (let i = selected + direction; i >= 0 && i < sessions.length; i += direction)
    if (!unavailableReason(sessions[i])) return i;
  return selected;
}

/** `2025-01-31 14:05 → 14:20`: the last activity without its date when it is the same day. */
function timeSpan(session: SessionSummary, to: string): string {
  const start = shortTime(session.startedAt);
  const last = shortTime(session.lastActivity);
  if (start === '-') return last;
  return `${start} ${to} ${last.slice(0, 10) === start.slice(0, 10) ? last.slice(11) : last}`;
}

const HEADER_ROWS = 2;
const FOOTER_ROWS = 2;
const ROWS_PER_SESSION = 2;

/**
 * The resume picker: two rows a session (the first prompt; times, todo progress and
 * prompts, or why it cannot be picked), newest first, scrolled to keep the selection in
 * view, within `height` rows.
 */
export function sessionPickerLines(
  sessions: readonly SessionSummary[],
  selected: number,
  width: number,
  height: number,
  look: Look,
): Line[] {
  const g = glyphs(look);
  const keys = `${g.arrowUp}/${g.arrowDown}`;
  const fit = (line: Line) => truncateLine(line, width, g.ellipsis);
  const rows: Line[] = [
    fit([
      { text: 'Resume a session', style: { bold: true, fg: 'cyan' } },
      {
        text: ` ${g.dot} ${sessions.length} in this workspace, newest first`,
        style: { dim: true },
      },
    ]),
    [],
  ];
  const room = Math.max(1, Math.floor((height - HEADER_ROWS - FOOTER_ROWS) / ROWS_PER_SESSION));
  const first = Math.max(0, Math.min(selected - Math.floor(room / 2), sessions.length - room));
  for (const [offset, session] of sessions.slice(first, first + room).entries()) {
    const index = first + offset;
    const chosen = index === selected;
    const reason = unavailableReason(session);
    const prompt = sanitizeText(session.firstPrompt.replace(/\s+/g, ' ').trim());
    rows.push(
      fit([
        { text: chosen ? `${g.prompt} ` : '  ', style: { bold: true, fg: 'cyan' } },
        {
          text: prompt || '(no prompt yet)',
          style: reason ? { dim: true } : chosen ? { bold: true, fg: 'cyan' } : undefined,
        },
      ]),
      fit([
        { text: '    ' },
        reason
          ? { text: reason, style: { fg: 'yellow' } }
          : {
              text: [
                timeSpan(session, look.unicode ? '→' : '->'),
                `todos ${session.todos.done}/${session.todos.total}`,
                `${session.prompts} prompt${session.prompts === 1 ? '' : 's'}`,
                session.id.slice(0, 8),
              ].join(` ${g.dot} `),
              style: { dim: true },
            },
      ]),
    );
  }
  const hidden = sessions.length - room;
  rows.push(
    hidden > 0
      ? fit([{ text: `  (${hidden} more: ${keys} to scroll)`, style: { dim: true } }])
      : [],
    fit([
      {
        text:
          selected === -1
            ? `None of these can be resumed ${g.dot} Esc cancel`
            : `${keys} choose ${g.dot} Enter resume ${g.dot} Esc cancel`,
        style: { dim: true },
      },
    ]),
  );
  return rows;
}
