import type { ApprovalRequest } from '../../src/protocol/approval';
import type { PendingApproval } from '../../src/store/types';
import { keySpan } from './key-rows';
import { glyphs, type Look } from './look';
import type { Line } from './spans';
import { truncateLine } from './wrap';

/** Rows of the list kept however many calls wait (the one in focus among them). */
const MAX_LIST_ROWS = 6;

/** The calls waiting together, when there are several (else none). */
export function waitingCalls(pending: PendingApproval): readonly ApprovalRequest[] {
  const waiting = pending.waiting ?? [];
  return waiting.length > 1 ? waiting : [];
}

/** `bash  rm -rf build · deletes files (rm)`: one waiting call on one row. */
function callRow(request: ApprovalRequest, focused: boolean, width: number, look: Look): Line {
  const { prompt, dot } = glyphs(look);
  const subject = request.subject.replace(/\s+/g, ' ').trim();
  return truncateLine(
    [
      focused ? { text: `${prompt} `, style: { bold: true, fg: 'cyan' } } : { text: '  ' },
      { text: request.toolName, style: { dim: !focused } },
      { text: '  ' },
      { text: subject, style: focused ? { bold: true } : {} },
      ...(request.reason
        ? [{ text: ` ${dot} ${request.reason}`, style: { fg: 'yellow' as const, dim: !focused } }]
        : []),
    ],
    width,
    glyphs(look).ellipsis,
  );
}

/**
 * The list over the question when several calls wait: a header with the count, then a
 * row per call (a window around the one in focus when they do not all fit).
 */
export function waitingListRows(pending: PendingApproval, width: number, look: Look): Line[] {
  const calls = waitingCalls(pending);
  if (!calls.length) return [];
  const focus = Math.max(0, calls.indexOf(pending.request));
  const { dot } = glyphs(look);
  const header: Line = [
    { text: `${calls.length} calls wait for you`, style: { bold: true, fg: 'yellow' } },
    { text: ` ${dot} `, style: { dim: true } },
    { text: `${focus + 1}/${calls.length} in focus`, style: { dim: true } },
  ];
  const start = Math.max(0, Math.min(focus - 2, calls.length - MAX_LIST_ROWS));
  const shown = calls.slice(start, start + MAX_LIST_ROWS);
  const rows = shown.map((request, n) => callRow(request, start + n === focus, width, look));
  const hiddenAbove = start;
  const hiddenBelow = calls.length - start - shown.length;
  const more = (count: number, where: string): Line => [
    { text: `  ${glyphs(look).ellipsis} ${count} more ${where}`, style: { dim: true } },
  ];
  return [
    truncateLine(header, width, glyphs(look).ellipsis),
    ...(hiddenAbove ? [more(hiddenAbove, 'above')] : []),
    ...rows,
    ...(hiddenBelow ? [more(hiddenBelow, 'below')] : []),
  ];
}

/** Under the keys while several calls wait: how to move the focus and allow them all. */
export function waitingKeyRows(
  pending: PendingApproval,
  width: number,
  look: Look,
  allowAllKey: string,
): Line[] {
  const calls = waitingCalls(pending);
  if (!calls.length) return [];
  const { arrowUp, arrowDown, dot } = glyphs(look);
  const line: Line = [
    keySpan(`${arrowUp}${arrowDown}`),
    { text: ' choose a call' },
    { text: ` ${dot} `, style: { dim: true } },
    keySpan(allowAllKey),
    { text: ` allow all ${calls.length} once` },
  ];
  return [truncateLine(line, width, glyphs(look).ellipsis)];
}
