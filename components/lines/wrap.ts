import { displayWidth } from '../../src/util/display-width';
import type { Line, Span, Style } from './spans';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Terminal columns of plain text (CJK and emoji count 2). */
export function textWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : displayWidth(text);
}

export function lineWidth(line: Line): number {
  let width = 0;
  for (const part of line) width += textWidth(part.text);
  return width;
}

function graphemes(text: string): string[] {
  if (PRINTABLE_ASCII.test(text)) return text.split('');
  return Array.from(segmenter.segment(text), (segment) => segment.segment);
}

/** Appends text to a line, joining it to the last span when the style is the same. */
function append(line: Line, text: string, style: Style | undefined): void {
  const last = line[line.length - 1];
  if (last && last.style === style && !last.spinner) last.text += text;
  else line.push(style ? { text, style } : { text });
}

export interface WrapOptions {
  /** Put at the start of every line after the first (a hanging indent). */
  indent?: Line;
}

/**
 * Word-wraps one logical line into rows of at most `width` columns. Words longer than
 * a row are broken between graphemes; a wide character never straddles the edge.
 */
export function wrapLine(line: Line, width: number, options: WrapOptions = {}): Line[] {
  const max = Math.max(1, width);
  const indent = options.indent ?? [];
  const indentWidth = Math.min(lineWidth(indent), max - 1);
  const rows: Line[] = [];
  let row: Line = [];
  let used = 0;
  const newRow = (): void => {
    rows.push(row);
    row = indent.map((part) => ({ ...part }));
    used = indentWidth;
  };
  const pushChars = (text: string, style: Style | undefined): void => {
    for (const char of graphemes(text)) {
      const w = textWidth(char);
      if (used + w > max && used > indentWidth) newRow();
      append(row, char, style);
      used += w;
    }
  };
  /** A piece of a word: a spinner whole, text joined to the row (broken up when `split`). */
  const placePiece = (piece: Span, split: boolean): void => {
    if (piece.spinner) {
      if (split && used + 1 > max && used > indentWidth) newRow();
      row.push(piece);
      used += textWidth(piece.text);
    } else if (split) {
      pushChars(piece.text, piece.style);
    } else {
      append(row, piece.text, piece.style);
      used += textWidth(piece.text);
    }
  };
  // A word may run across styled parts (`link (url)` then `.`, `**bold**` then `,`): it
  // moves to the next row whole, so punctuation never lands on a row of its own.
  let word: Span[] = [];
  let wordWidth = 0;
  const placeWord = (): void => {
    if (word.length === 0) return;
    if (used + wordWidth > max) {
      if (wordWidth > max - indentWidth) {
        for (const piece of word) placePiece(piece, true);
        word = [];
        wordWidth = 0;
        return;
      }
      newRow();
    }
    for (const piece of word) placePiece(piece, false);
    word = [];
    wordWidth = 0;
  };
  for (const part of line) {
    if (part.spinner) {
      // One glyph that turns: part of the word it stands in, never merged with its text.
      word.push({ ...part });
      wordWidth += textWidth(part.text);
      continue;
    }
    const tokens = part.keep ? part.text.split(/^( +)/) : part.text.split(/( +)/);
    for (const token of tokens) {
      if (!token) continue;
      if (!token.startsWith(' ')) {
        word.push({ text: token, style: part.style });
        wordWidth += textWidth(token);
        continue;
      }
      placeWord();
      if (used + token.length <= max) {
        append(row, token, part.style);
        used += token.length;
      } else {
        newRow();
      }
    }
  }
  placeWord();
  rows.push(row);
  return rows.map(trimEnd);
}

function trimEnd(line: Line): Line {
  const last = line[line.length - 1];
  if (last && / +$/.test(last.text) && !last.style?.inverse && !last.style?.caret) {
    const text = last.text.replace(/ +$/, '');
    return text ? [...line.slice(0, -1), { ...last, text }] : line.slice(0, -1);
  }
  return line;
}

/** Wraps several logical lines. */
export function wrapLines(lines: Line[], width: number, options?: WrapOptions): Line[] {
  const rows: Line[] = [];
  for (const line of lines) rows.push(...wrapLine(line, width, options));
  return rows;
}

/** Cuts a line to `width` columns, ending with the ellipsis when something was cut. */
export function truncateLine(line: Line, width: number, ellipsis = '…'): Line {
  if (lineWidth(line) <= width) return line;
  const room = Math.max(0, width - textWidth(ellipsis));
  const out: Line = [];
  let used = 0;
  for (const part of line) {
    if (part.spinner) {
      const w = textWidth(part.text);
      if (used + w > room) {
        append(out, ellipsis, part.style);
        return out;
      }
      out.push({ ...part });
      used += w;
      continue;
    }
    for (const char of graphemes(part.text)) {
      const w = textWidth(char);
      if (used + w > room) {
        append(out, ellipsis, part.style);
        return out;
      }
      append(out, char, part.style);
      used += w;
    }
  }
  return out;
}

/** The end of `text` in at most `width` columns, after the ellipsis when something was cut. */
export function keepEnd(text: string, width: number, ellipsis = '…'): string {
  if (textWidth(text) <= width) return text;
  const room = Math.max(0, width - textWidth(ellipsis));
  const kept: string[] = [];
  let used = 0;
  for (const char of graphemes(text).reverse()) {
    const w = textWidth(char);
    if (used + w > room) break;
    kept.push(char);
    used += w;
  }
  return ellipsis + kept.reverse().join('');
}

/** Splits text on newlines into one-span lines. */
export function textLines(text: string, style?: Style): Line[] {
  return text
    .split('\n')
    .map((row): Line => (row ? [style ? { text: row, style } : { text: row }] : []));
}

export function withPrefix(prefix: Span[], line: Line): Line {
  return [...prefix.map((part) => ({ ...part })), ...line];
}
