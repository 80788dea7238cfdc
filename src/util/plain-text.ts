/* eslint-disable no-control-regex -- this module reads terminal escape sequences */

/**
 * A terminal's escape sequences: CSI (colours, cursor moves, clears), OSC (the window's
 * title, links), DCS/SOS/PM/APC strings, and the two-character escapes.
 */
export const TERMINAL_ESCAPES =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[@-Z\\-_]/g;

/** Control characters other than newline and tab. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g;

/**
 * A line as a terminal leaves it after carriage returns (a progress bar redrawing itself):
 * what was written after the last one. A return at the very end changes nothing.
 */
export function afterCarriageReturns(line: string): string {
  if (!line.includes('\r')) return line;
  const body = line.replace(/\r+$/, '');
  return body.slice(body.lastIndexOf('\r') + 1);
}

/** `^@` for NUL, `^G` for BEL, `^?` for DEL: the caret notation `cat -v` uses. */
function caret(char: string): string {
  const code = char.charCodeAt(0);
  return code === 0x7f ? '^?' : `^${String.fromCharCode(code + 0x40)}`;
}

/**
 * A program's output as plain text, for the model and for reports: escape sequences
 * removed (colours mean nothing there, and a title or a clear would act on whoever prints
 * the report), each line as carriage returns leave it, and any other control character
 * shown in caret notation (`^@`, `^G`), so nothing is lost silently. Newlines and tabs
 * stay. Text without any of these comes back as it was.
 */
export function plainText(text: string): string {
  if (!/[\x00-\x08\x0b-\x1f\x7f]/.test(text)) return text;
  return text
    .replace(TERMINAL_ESCAPES, '')
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => afterCarriageReturns(line).replace(CONTROLS, caret))
    .join('\n');
}
