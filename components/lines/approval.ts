import type { ApprovalRequest } from '../../src/protocol/approval';
import type { ToolRole } from '../../src/protocol/tool-look';
import type { PendingApproval } from '../../src/store/types';
import { ALLOW_ALL_KEY, choicesFor } from '../approval-choices';
import { waitingKeyRows, waitingListRows } from './approval-list';
import { keyRows, keySpan, hintSpan } from './key-rows';
import { glyphs, type Look } from './look';
import { promptInputLayout, type Caret } from './prompt-input';
import { clampMiddle, scrollWindow, type ScrollWindow } from './scroll-window';
import type { Line, Span } from './spans';
import { diffRows } from './tool-card';
import { keepEnd, lineWidth, truncateLine, wrapLine } from './wrap';

const INDENT: Line = [{ text: '  ' }];
/** Rows of a preview kept on screen however long the question is. */
const MIN_PREVIEW_ROWS = 3;

export interface ApprovalLayout {
  lines: Line[];
  /** In note mode, where the note's caret is among `lines`. */
  caret: Caret | null;
  /** The change's rows as shown (what PgUp/PgDn scroll); absent without a preview. */
  preview?: ScrollWindow;
}

/** The question the approval prompt asks for a call of this role. */
export function approvalTitle(role: ToolRole, toolName: string): string {
  switch (role) {
    case 'shell':
      return 'Run this command?';
    case 'edit':
      return 'Change this file?';
    case 'read':
    case 'search':
      return 'Read outside the workspace?';
    case 'agent':
      return 'Start this agent?';
    case 'mcp':
      return 'Call this MCP tool?';
    case 'plan':
    case 'tasks':
    case 'other':
      return `Allow ${toolName}?`;
  }
}

/** The question's title: the call's role picks it; a project server has its own. */
function requestTitle(request: ApprovalRequest): string {
  return request.kind === 'mcp-server'
    ? 'Use this MCP server from .mcp.json?'
    : approvalTitle(request.look.role, request.toolName);
}

/** Who asks, when it is a subagent: `subagent "Find the parser" (agent-1a2b3c4d)`. */
function askedBy(request: ApprovalRequest): Span[] {
  if (!request.agent) return [];
  return [
    { text: 'subagent ', style: { fg: 'magenta' } },
    { text: `"${request.agent.description}"`, style: { fg: 'magenta', bold: true } },
    { text: ` (${request.agent.id}) asks`, style: { dim: true } },
  ];
}

/** The title, the whole command or path (wrapped, never cut) and why it is asked. */
function questionRows(request: ApprovalRequest, width: number): Line[] {
  const rows: Line[] = [
    [
      {
        text: `${requestTitle(request)} `,
        style: { bold: true, fg: 'yellow' },
      },
      { text: request.toolName, style: { dim: true } },
    ],
  ];
  if (request.agent)
    rows.push(...wrapLine([...INDENT, ...askedBy(request)], width, { indent: INDENT }));
  for (const line of request.subject.split('\n'))
    rows.push(
      ...wrapLine([...INDENT, { text: line, style: { bold: true } }], width, { indent: INDENT }),
    );
  if (request.reason)
    rows.push(
      ...wrapLine([...INDENT, { text: request.reason, style: { fg: 'yellow' } }], width, {
        indent: INDENT,
      }),
    );
  const where = sandboxLine(request);
  if (where) rows.push(...wrapLine([...INDENT, where], width, { indent: INDENT }));
  return rows;
}

/** Where an allowed bash call runs, when the sandbox is in use. */
function sandboxLine(request: ApprovalRequest): Span | undefined {
  if (request.confined === undefined) return undefined;
  return request.confined
    ? {
        text: 'Runs in the sandbox: only the workspace writable, no network.',
        style: { fg: 'cyan' },
      }
    : { text: 'Runs outside the sandbox.', style: { dim: true } };
}

/**
 * The keys, as many whole choices on a row as fit: a row breaks between choices, never
 * inside one (only a choice wider than the row is wrapped).
 */
export function choiceRows(
  request: ApprovalRequest,
  width: number,
  look: Look,
  guarded = false,
): Line[] {
  // Guarded, the keys do not answer yet: drawn dim, as not yet offered.
  const key = guarded ? hintSpan : keySpan;
  const hints = choicesFor(request).map((choice): Line => {
    const [first, ...rest] = choice.keys;
    return [
      key(first),
      hintSpan(rest.length ? `/${rest.join('/')} ` : ' '),
      guarded ? hintSpan(choice.label(request)) : { text: choice.label(request) },
    ];
  });
  return keyRows(hints, width, look);
}

/**
 * A row under the keys while they wait (the question just opened, or the user types) or
 * while the input holds a draft: typing goes to the draft, shown here by its end.
 */
function draftRow(guarded: boolean, draft: string, width: number, look: Look): Line[] {
  const g = glyphs(look);
  // A draft of several lines shows as one, its line breaks as spaces.
  const text = draft.replace(/\s*\n\s*/g, ' ');
  if (!guarded && !text) return [];
  const row: Line = [...INDENT];
  if (guarded)
    row.push({
      text: text ? 'waiting for a pause in typing' : 'waiting a moment before keys answer',
      style: { fg: 'yellow' },
    });
  if (text) {
    const label = `${guarded ? ` ${g.dot} ` : ''}your draft: `;
    row.push({ text: label, style: { dim: true } });
    row.push({ text: keepEnd(text, Math.max(1, width - lineWidth(row)), g.ellipsis) });
  }
  return [truncateLine(row, width, g.ellipsis)];
}

/** Note mode: a line to type what the model should hear instead, and its caret. */
function noteRows(pending: PendingApproval, width: number, look: Look, drawCaret: boolean) {
  const SEPARATOR = ` ${glyphs(look).dot} `;
  const note = promptInputLayout({ text: pending.note, cursor: pending.note.length }, width, {
    look,
    placeholder: 'Tell the model what to do instead',
    maxRows: 3,
    focused: true,
    drawCaret,
    prefix: `${glyphs(look).prompt} note:`,
  });
  const hint: Line = [
    { text: `  Enter deny with this note${SEPARATOR}Esc back`, style: { dim: true } },
  ];
  return { rows: [...note.lines, hint], caret: note.caret };
}

/**
 * The approval prompt in at most `maxRows` rows: the calls waiting together (when several
 * do), the question, what the call would change
 * (an edit's coloured diff, scrolled to `pending.previewTop`, clamped with "… N more
 * lines"), and the keys. In note mode, a line to type the note in place of the keys.
 */
export function approvalLayout(
  pending: PendingApproval,
  width: number,
  look: Look,
  maxRows: number,
  options: { drawCaret?: boolean; draft?: string } = {},
): ApprovalLayout {
  const { request } = pending;
  const ellipsis = glyphs(look).ellipsis;
  const note = pending.noteMode ? noteRows(pending, width, look, options.drawCaret ?? true) : null;
  const tail = note
    ? note.rows
    : [
        ...choiceRows(request, width, look, pending.guarded),
        ...waitingKeyRows(pending, width, look, ALLOW_ALL_KEY),
        ...draftRow(pending.guarded, options.draft ?? '', width, look),
      ];
  const question = [...waitingListRows(pending, width, look), ...questionRows(request, width)];
  const done = (lines: Line[], preview?: ScrollWindow): ApprovalLayout => {
    const clamped = clampMiddle(lines, maxRows, ellipsis);
    // The note is at the bottom, above its hint.
    const caret = note?.caret
      ? { row: clamped.length - tail.length + note.caret.row, column: note.caret.column }
      : null;
    return { lines: clamped, caret, ...(preview ? { preview } : {}) };
  };
  const changes = request.preview ? diffRows(request.preview.diff, width) : [];
  if (!changes.length) return done([...question, ...tail]);
  // The question gives way first (its middle), so some of the change always shows.
  const keep = Math.min(changes.length, MIN_PREVIEW_ROWS);
  const head = clampMiddle(question, Math.max(1, maxRows - tail.length - keep), ellipsis);
  const preview = scrollWindow(
    changes,
    pending.previewTop,
    maxRows - head.length - tail.length,
    look,
    ` ${glyphs(look).dot} PgUp/PgDn to scroll`,
  );
  return done([...head, ...preview.rows, ...tail], preview);
}
