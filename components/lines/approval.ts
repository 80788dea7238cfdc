import type { PendingApproval } from '../../src/store/types';
import { approvalTitle, presentationOf } from '../../src/tools/presentation';
import { choicesFor } from '../approval-choices';
import { glyphs, type Look } from './look';
import type { Line } from './spans';
import { promptInputLines } from './prompt-input';
import { wrapLine } from './wrap';

const INDENT: Line = [{ text: '  ' }];
/**
 * The approval prompt: the whole command or path (wrapped, never cut), why it is
 * asked, and the keys. In note mode, a line to type what the model should hear.
 */
export function approvalLines(pending: PendingApproval, width: number, look: Look): Line[] {
  const { request } = pending;
  const rows: Line[] = [
    [
      {
        text: `${approvalTitle(presentationOf(request.toolName).kind, request.toolName)} `,
        style: { bold: true, fg: 'yellow' },
      },
      { text: request.toolName, style: { dim: true } },
    ],
  ];
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
  if (pending.noteMode) {
    rows.push(
      ...promptInputLines({ text: pending.note, cursor: pending.note.length }, width, {
        look,
        placeholder: 'Tell the model what to do instead',
        maxRows: 3,
        focused: true,
        prefix: `${glyphs(look).prompt} note:`,
      }),
      [{ text: `  Enter deny with this note ${glyphs(look).dot} Esc back`, style: { dim: true } }],
    );
    return rows;
  }
  const key = (text: string) => ({ text, style: { bold: true, fg: 'cyan' as const } });
  const dim = (text: string) => ({ text, style: { dim: true } });
  const sep = ` ${glyphs(look).dot} `;
  const choices: Line = [{ text: '  ' }];
  choicesFor(request).forEach((choice, index) => {
    const [first, ...rest] = choice.keys;
    if (index > 0) choices.push(dim(sep));
    choices.push(key(first), dim(rest.length ? `/${rest.join('/')} ` : ' '), {
      text: choice.label(request),
    });
  });
  rows.push(...wrapLine(choices, width, { indent: INDENT }));
  return rows;
}
