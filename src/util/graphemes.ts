import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';
import { lruMemo } from './lru-memo';

/**
 * Whether every UTF-16 unit of `text` is a grapheme of its own, so no segmenter is
 * needed: no control characters, surrogate pairs (emoji), combining or enclosing marks,
 * joiners, variation selectors, conjoining jamo or prepended marks. Covers ASCII and the
 * symbols the app draws (box drawing, braille spinners, arrows, check marks, the middle
 * dot) and most CJK text.
 */
export function isOneUnitGraphemes(text: string): boolean {
  return ONE_UNIT_GRAPHEMES.test(text);
}

const ONE_UNIT_GRAPHEMES =
  // eslint-disable-next-line no-misleading-character-class, no-control-regex -- code points to exclude, one by one
  /^[^\x00-\x1f\x7f-\x9f\p{M}\u200c\u200d\ufe00-\ufe0f\ud800-\udfff\u{10000}-\u{10ffff}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2]*$/u;

/** Code points string-width counts as no columns (its "visible character" class, negated). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Mn}\p{Me}]/u;

/**
 * Columns of one UTF-16 unit that is a grapheme of its own (isOneUnitGraphemes), as
 * string-width counts it: none when invisible, else its East Asian Width. string-width
 * would get there too, but its first call compiles the RGI emoji pattern (~50 ms of
 * start-up, for a box-drawing line); no emoji is a single unit outside the wide ranges.
 * A test checks every such code point against string-width.
 */
export function unitWidth(unit: string): number {
  return INVISIBLE.test(unit) ? 0 : eastAsianWidth(unit.charCodeAt(0));
}

/** One grapheme's columns as string-width counts them (remembered: a screen uses few). */
export const graphemeWidth = lruMemo(
  (grapheme: string) =>
    grapheme.length === 1 && isOneUnitGraphemes(grapheme)
      ? unitWidth(grapheme)
      : stringWidth(grapheme),
  2000,
);

/** Columns of text whose units are each a grapheme (isOneUnitGraphemes). */
export function oneUnitWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    width += code >= 0x20 && code <= 0x7e ? 1 : graphemeWidth(text[i]);
  }
  return width;
}
