import stringWidth from 'string-width';
import { isOneUnitGraphemes, oneUnitWidth } from './graphemes';
import { lruMemo } from './lru-memo';

/**
 * Terminal columns of text that may hold ANSI escapes, as string-width counts them, but
 * without its cost for what the app draws most: rows of printable ASCII between SGR
 * escapes are counted in one pass, and any other text is measured once and remembered
 * (the rows on screen repeat from frame to frame).
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) {
      width += 1;
    } else if (code === 0x1b && text.charCodeAt(i + 1) === 0x5b) {
      // CSI: parameters, then one final byte in @..~.
      let j = i + 2;
      while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x3f) j++;
      if (j >= text.length) return measured(text);
      i = j;
    } else {
      return measured(text);
    }
  }
  return width;
}

// eslint-disable-next-line no-control-regex -- terminal escape sequences
const CSI = /\x1b\[[0-9:;<=>?]*[ -/]*[@-~]/g;

/**
 * Text that is not plain ASCII between SGR escapes, remembered (the rows of a screen or
 * two): summed a unit at a time when each unit is a grapheme, else string-width.
 */
const measured = lruMemo((text: string) => {
  const plain = text.includes('\x1b') ? text.replace(CSI, '') : text;
  return isOneUnitGraphemes(plain) ? oneUnitWidth(plain) : stringWidth(text);
}, 4000);

/** The widest line of a text (widest-line's answer), through displayWidth. */
export function widestLineWidth(text: string): number {
  let widest = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const width = displayWidth(end === -1 ? text.slice(start) : text.slice(start, end));
    if (width > widest) widest = width;
    if (end === -1) return widest;
    start = end + 1;
  }
}
