/* eslint-disable no-control-regex -- this module reads terminal escape sequences */
import { displayWidth } from '../util/display-width';
import { isOneUnitGraphemes } from '../util/graphemes';

const ERASE_LINE_END = '\x1b[K';
const RESET = '\x1b[0m';
const ESCAPE = /\x1b\[[0-9;?]*[A-Za-z]/g;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export interface Token {
  text: string;
  start: number;
  escape: boolean;
}

function pushGraphemes(out: Token[], text: string, offset: number): void {
  if (isOneUnitGraphemes(text)) {
    for (let i = 0; i < text.length; i++)
      out.push({ text: text[i], start: offset + i, escape: false });
    return;
  }
  // A lone ESC (not a CSI sequence) counts as an escape: it has no width.
  for (const { segment, index } of segmenter.segment(text))
    out.push({ text: segment, start: offset + index, escape: segment === '\x1b' });
}

/**
 * Escapes and graphemes with their offsets, so a cut never splits either. Linear: the
 * text between escapes is segmented in one pass (graphemes never span an escape).
 */
export function tokens(line: string): Token[] {
  const out: Token[] = [];
  let index = 0;
  for (const match of line.matchAll(ESCAPE)) {
    if (match.index > index) pushGraphemes(out, line.slice(index, match.index), index);
    out.push({ text: match[0], start: match.index, escape: true });
    index = match.index + match[0].length;
  }
  if (index < line.length) pushGraphemes(out, line.slice(index), index);
  return out;
}

function visibleWidth(parts: Token[]): number {
  let text = '';
  for (const part of parts) if (!part.escape) text += part.text;
  return displayWidth(text);
}

/** SGR codes that set or clear one attribute of the pen. */
const ATTRIBUTES: Record<number, [string, string | null]> = {
  1: ['bold', '1'],
  2: ['dim', '2'],
  3: ['italic', '3'],
  23: ['italic', null],
  4: ['underline', '4'],
  24: ['underline', null],
  7: ['inverse', '7'],
  27: ['inverse', null],
  9: ['strike', '9'],
  29: ['strike', null],
  39: ['fg', null],
  49: ['bg', null],
};

function isColor(code: number, base: number): boolean {
  return (code >= base && code <= base + 7) || (code >= base + 60 && code <= base + 67);
}

/** The pen after a run of SGR escapes, as one escape (empty for the default pen). */
function styleOf(parts: Token[]): string {
  const pen = new Map<string, string>();
  for (const part of parts) {
    if (!part.escape || !part.text.endsWith('m')) continue;
    const codes = part.text
      .slice(2, -1)
      .split(';')
      .map((code) => (code === '' ? 0 : Number(code)));
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i];
      const attribute = ATTRIBUTES[code];
      if (code === 0) {
        pen.clear();
      } else if (code === 22) {
        pen.delete('bold');
        pen.delete('dim');
      } else if (attribute) {
        if (attribute[1] === null) pen.delete(attribute[0]);
        else pen.set(attribute[0], attribute[1]);
      } else if (code === 38 || code === 48) {
        // Extended colour: 38;5;n or 38;2;r;g;b.
        const length = codes[i + 1] === 5 ? 3 : 5;
        pen.set(code === 38 ? 'fg' : 'bg', codes.slice(i, i + length).join(';'));
        i += length - 1;
      } else if (isColor(code, 30)) {
        pen.set('fg', String(code));
      } else if (isColor(code, 40)) {
        pen.set('bg', String(code));
      }
    }
  }
  return pen.size ? `\x1b[${[...pen.values()].join(';')}m` : '';
}

/**
 * The bytes that turn row `row` (0-based) from `old` into `next`: only the cells from
 * the first difference, and when the tail is unchanged and the changed middle keeps
 * its width, only the middle (a spinner frame costs a few bytes).
 */
export function rowUpdate(
  old: string | undefined,
  next: string,
  row: number,
  columns: number,
): string {
  const at = (column: number) =>
    column === 0 ? `\x1b[${row + 1}H` : `\x1b[${row + 1};${column + 1}H`;
  const fill = (width: number) => (width < columns ? ERASE_LINE_END : '');
  // Every write leaves the pen in the default style (Ink closes what it opens, and a
  // cut middle ends with a reset), so no reset is needed before a row.
  if (old === undefined || old === '') return `${at(0)}${next}${fill(displayWidth(next))}`;
  // The common head of the two strings is skipped without splitting it into tokens: only
  // its escapes (for the pen) and its width are needed.
  const skip = safePrefix(old, next);
  const same = next.slice(0, skip);
  const sameEscapes = escapesOf(same);
  const sameWidth = skip ? displayWidth(same) : 0;
  const a = tokens(old.slice(skip));
  const b = tokens(next.slice(skip));
  let head = 0;
  while (head < a.length && head < b.length && a[head].text === b[head].text) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail].text === b[b.length - 1 - tail].text
  )
    tail++;
  // Escapes before the cut stay in the prefix: their net effect is replayed once.
  const prefix = b.slice(0, head);
  const column = sameWidth + visibleWidth(prefix);
  const style = styleOf([...sameEscapes, ...prefix]);
  const oldMiddle = a.slice(head, a.length - tail);
  const newMiddle = b.slice(head, b.length - tail);
  if (tail > 0 && visibleWidth(oldMiddle) === visibleWidth(newMiddle)) {
    // Leave the pen as found: reset only if the middle ends styled.
    const after = styleOf([...sameEscapes, ...b.slice(0, b.length - tail)]);
    return `${at(column)}${style}${newMiddle.map((part) => part.text).join('')}${after ? RESET : ''}`;
  }
  const rest = b
    .slice(head)
    .map((part) => part.text)
    .join('');
  return `${at(column)}${style}${rest}${fill(sameWidth + visibleWidth(b))}`;
}

/**
 * The length of a head the two rows share that ends where a token ends in both: never
 * inside an escape, and only between two printable ASCII characters (so no grapheme
 * continues across the cut).
 */
export function safePrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let p = 0;
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  // A cut inside an escape moves back to the escape's start.
  const escape = a.lastIndexOf('\x1b', p - 1);
  if (escape >= 0) {
    ESCAPE_AT.lastIndex = escape;
    const match = ESCAPE_AT.exec(a);
    const end = match ? escape + match[0].length : escape + 1;
    if (end > p || (b.length > p && !match)) p = escape;
  }
  // Both sides of the cut must be printable ASCII (or the row's end, or an escape).
  while (p > 0 && !(isPlain(a.charCodeAt(p - 1)) && cutsCleanly(a, p) && cutsCleanly(b, p))) {
    p -= 1;
    const back = a.lastIndexOf('\x1b', p - 1);
    if (back >= 0) {
      ESCAPE_AT.lastIndex = back;
      const match = ESCAPE_AT.exec(a);
      if (!match || back + match[0].length > p) p = back;
    }
  }
  return p;
}

const ESCAPE_AT = /\x1b\[[0-9;?]*[A-Za-z]/y;

function isPlain(code: number): boolean {
  return code >= 0x20 && code <= 0x7e;
}

function cutsCleanly(text: string, at: number): boolean {
  if (at >= text.length) return true;
  const code = text.charCodeAt(at);
  return isPlain(code) || code === 0x1b;
}

function escapesOf(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(ESCAPE)) {
    out.push({ text: match[0], start: match.index, escape: true });
  }
  return out;
}
