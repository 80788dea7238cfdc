import type { PendingApproval } from '../../src/store/types';
import { glyphs, type Look } from './look';
import type { Line } from './spans';
import { promptInputLines } from './prompt-input';
import { wrapLine } from './wrap';

const INDENT: Line = [{ text: '  ' }];
/** Where `s` saves the rule (relative to the workspace). */
const LOCAL_SETTINGS = '.tick/settings.local.json';

function title(toolName: string): string {
  switch (toolName) {
    case 'bash':
      return 'Run this command?';
    case 'write_file':
    case 'edit_file':
      return 'Change this file?';
    case 'read_file':
    case 'glob':
      return 'Read outside the workspace?';
    default:
      return `Allow ${toolName}?`;
  }
}

/**
 * The approval prompt: the whole command or path (wrapped, never cut), why it is
 * asked, and the keys. In note mode, a line to type what the model should hear.
 */
export function approvalLines(pending: PendingApproval, width: number, look: Look): Line[] {
  const { request } = pending;
  const rows: Line[] = [
    [
      { text: `${title(request.toolName)} `, style: { bold: true, fg: 'yellow' } },
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
  const choices: Line = [{ text: '  ' }, key('y'), dim('/1 '), { text: 'allow once' }, dim(sep)];
  if (request.alwaysRule)
    choices.push(
      key('a'),
      dim('/2 '),
      { text: `allow ${request.alwaysRule} this session` },
      dim(sep),
      key('s'),
      dim(' '),
      { text: `always, saved to ${LOCAL_SETTINGS}` },
      dim(sep),
    );
  choices.push(key('n'), dim('/3/esc '), { text: 'deny' }, dim(sep), key('e'), dim(' '), {
    text: 'deny with a note',
  });
  rows.push(...wrapLine(choices, width, { indent: INDENT }));
  return rows;
}
