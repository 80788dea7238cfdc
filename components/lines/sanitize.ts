/* eslint-disable no-control-regex -- this module reads terminal escape sequences */
import { afterCarriageReturns, TERMINAL_ESCAPES } from '../../src/util/plain-text';

// Tool output and model text come from outside: escape sequences in them would move
// the cursor or change modes behind Ink's back, so they are removed before layout.
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g;

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) {
    if (char === '\t') out += ' '.repeat(4 - (out.length % 4));
    else out += char;
  }
  return out;
}

/**
 * Plain text safe to lay out: escapes removed, tabs expanded, and a carriage return
 * inside a line (progress bars) keeps only what was written after it.
 */
export function sanitizeText(text: string): string {
  const cleaned = text.replace(TERMINAL_ESCAPES, '').replace(/\r\n/g, '\n');
  return cleaned
    .split('\n')
    .map((line) => expandTabs(afterCarriageReturns(line)).replace(CONTROLS, ''))
    .join('\n');
}
