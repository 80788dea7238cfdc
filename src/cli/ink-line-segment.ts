// Ink's own ANSI tokenizer (a dependency of Ink, the copy Ink uses), so a line is read
// exactly as Ink reads it.
import {
  ansiCodesToString,
  diffAnsiCodes,
  reduceAnsiCodesIncremental,
  styledCharsFromTokens,
  styledCharsToString,
  tokenize,
  type AnsiCode,
  type StyledChar,
} from '@alcalzone/ansi-tokenize';
import { graphemeWidth, isOneUnitGraphemes } from '../util/graphemes';
import { lruMemo } from '../util/lru-memo';

/**
 * One written line as Ink prints it on a row: its characters with the style changes
 * between them, the escapes that open its first character's styles and close its last's.
 */
export interface LineSegment {
  /** Columns Ink gives it: each character takes at least one. */
  readonly width: number;
  readonly open: string;
  readonly body: string;
  readonly close: string;
  readonly firstStyles: AnsiCode[];
  readonly lastStyles: AnsiCode[];
}

/** A character Ink 8 drops from a line: only default-ignorable code points (output.js). */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}+$/u;
const HAS_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** A line's styled characters as Ink's Output reads them (its getStyledChars). */
function inkStyledChars(line: string): StyledChar[] {
  return styledCharsFromTokens(tokenize(line)).filter((char) => !IGNORABLE.test(char.value));
}

/**
 * The lines of a written text as Ink 8's Output splits it before the transformers run:
 * read whole, so a style open at a line break is reopened on the next line. A text with no
 * escape and no default-ignorable character splits at its line breaks as it is.
 */
export function inkLines(text: string): string[] {
  if (!text.includes('\x1b') && !HAS_IGNORABLE.test(text)) return text.split('\n');
  const lines: StyledChar[][] = [[]];
  for (const char of inkStyledChars(text)) {
    if (char.value === '\n') lines.push([]);
    else lines[lines.length - 1].push(char);
  }
  return lines.map((line) => styledCharsToString(line));
}

/**
 * Whether a line leaves a style open at its end, which Ink 8 carries over to the next line
 * of the same text: true for any escape but SGR (a link may span lines too).
 */
export function leavesStyleOpen(line: string): boolean {
  let styles: AnsiCode[] = [];
  for (let at = line.indexOf('\x1b'); at !== -1; at = line.indexOf('\x1b', at)) {
    const end = sgrEnd(line, at);
    if (end === -1) return true;
    styles = reduceAnsiCodesIncremental(styles, sgrTokens(line.slice(at, end)));
    at = end;
  }
  return styles.length > 0;
}

/** A character's width; most are printable ASCII, which string-width counts as one. */
const charWidth = graphemeWidth;

/**
 * Measures and prints a line the way Ink's Output does (output.js: styledCharsFromTokens,
 * max(1, width) per character, styledCharsToString); undefined when it has no characters,
 * so it puts nothing on the row. Reads text between SGR escapes a run at a time; a line
 * with anything else (links, other escapes, control characters) is read by Ink's tokenizer.
 */
export function lineSegment(line: string): LineSegment | undefined {
  let styles: AnsiCode[] = [];
  let first: AnsiCode[] | undefined;
  let last: AnsiCode[] = [];
  let width = 0;
  let body = '';
  let at = 0;
  while (at < line.length) {
    if (line.charCodeAt(at) === ESC) {
      const end = sgrEnd(line, at);
      if (end === -1) return inkLineSegment(line);
      styles = reduceAnsiCodesIncremental(styles, sgrTokens(line.slice(at, end)));
      at = end;
      continue;
    }
    let end = line.indexOf('\x1b', at);
    if (end === -1) end = line.length;
    const run = line.slice(at, end);
    const runColumns = columns(run, at > 0);
    if (runColumns === undefined) return inkLineSegment(line);
    if (first === undefined) first = styles;
    else body += ansiCodesToString(diffAnsiCodes(last, styles));
    body += run;
    width += runColumns;
    last = styles;
    at = end;
  }
  if (first === undefined) return undefined;
  return segmentOf(width, body, first, last);
}

/** A segment: its text opens with the first styles and `close` ends the last ones. */
function segmentOf(width: number, body: string, first: AnsiCode[], last: AnsiCode[]): LineSegment {
  return {
    width,
    open: ansiCodesToString(first),
    body,
    close: ansiCodesToString(diffAnsiCodes(last, [])),
    firstStyles: first,
    lastStyles: last,
  };
}

const ESC = 0x1b;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Where an SGR escape (`ESC [ digits and semicolons m`) at `at` ends, or -1 if it is none. */
function sgrEnd(line: string, at: number): number {
  if (line.charCodeAt(at + 1) !== 0x5b) return -1;
  for (let i = at + 2; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === 0x6d) return i + 1;
    if (code !== 0x3b && (code < 0x30 || code > 0x39)) return -1;
  }
  return -1;
}

/** An SGR escape's codes as Ink's tokenizer splits them (bounded: a theme has few). */
const sgrTokens = lruMemo((escape) => tokenize(escape) as AnsiCode[], 200);

/**
 * The columns Ink gives a run of text without escapes (each grapheme at least one), or
 * undefined when Ink would read it differently inside the whole line: control characters,
 * a default-ignorable character (Ink drops those that stand alone), or a run after an escape
 * that starts with a mark Ink joins to the escape's final `m`.
 */
function columns(run: string, afterEscape: boolean): number | undefined {
  let ascii = true;
  for (let i = 0; i < run.length; i++) {
    const code = run.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return undefined;
    if (code > 0x7e) ascii = false;
  }
  if (ascii) return run.length;
  if (HAS_IGNORABLE.test(run)) return undefined;
  let width = 0;
  // Each unit its own grapheme (and no mark to join an escape's `m`): no segmenter needed.
  if (isOneUnitGraphemes(run)) {
    for (let i = 0; i < run.length; i++) {
      const code = run.charCodeAt(i);
      width += code >= 0x20 && code < 0x7f ? 1 : Math.max(1, charWidth(run[i]));
    }
    return width;
  }
  let joined = afterEscape;
  for (const { segment } of graphemes.segment(afterEscape ? `m${run}` : run)) {
    if (joined) {
      if (segment !== 'm') return undefined;
      joined = false;
      continue;
    }
    const code = segment.length === 1 ? segment.charCodeAt(0) : 0;
    width += code >= 0x20 && code < 0x7f ? 1 : Math.max(1, charWidth(segment));
  }
  return width;
}

/** The same, read by Ink's own tokenizer, as Ink's Output reads every line. */
export function inkLineSegment(line: string): LineSegment | undefined {
  const chars = inkStyledChars(line);
  if (chars.length === 0) return undefined;
  let width = 0;
  let body = '';
  for (let i = 0; i < chars.length; i++) {
    const { value, styles } = chars[i];
    const code = value.length === 1 ? value.charCodeAt(0) : 0;
    width += code >= 0x20 && code < 0x7f ? 1 : Math.max(1, charWidth(value));
    if (i > 0) body += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, styles));
    body += value;
  }
  return segmentOf(width, body, chars[0].styles, chars[chars.length - 1].styles);
}
