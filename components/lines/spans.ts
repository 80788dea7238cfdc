import type { Look } from './look';

export type Color =
  | 'red'
  | 'green'
  | 'yellow'
  | 'blue'
  | 'magenta'
  | 'cyan'
  | 'gray'
  | 'white'
  | 'brightRed'
  | 'brightGreen';

export interface Style {
  fg?: Color;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  inverse?: boolean;
  /**
   * The input's caret stands here (drawn only when `inverse` is set too): a blank caret at
   * the end of a line is kept when the row's trailing spaces are trimmed, so the layout
   * still finds it.
   */
  caret?: boolean;
}

/** A run of text in one style. Lines are arrays of spans until they are printed. */
export interface Span {
  text: string;
  style?: Style;
  /**
   * A spinner stands here while the screen is live (components/Rows.tsx mounts one);
   * `text` is its still frame, printed where nothing animates (the conversation left on
   * the normal screen at exit).
   */
  spinner?: boolean;
  /**
   * A phrase that wraps as one word (`blocked by #1`, `@owner`): its inner spaces never
   * break a row. Its leading spaces still may.
   */
  keep?: boolean;
}

export type Line = Span[];

const FG: Record<Color, number> = {
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  brightRed: 91,
  brightGreen: 92,
};

export function span(text: string, style?: Style): Span {
  return style ? { text, style } : { text };
}

function sgr(style: Style, look: Look): string {
  const codes: number[] = [];
  if (style.bold) codes.push(1);
  if (style.dim) codes.push(2);
  if (style.italic) codes.push(3);
  if (style.underline) codes.push(4);
  if (style.inverse) codes.push(7);
  if (style.strike) codes.push(9);
  if (style.fg && look.color) codes.push(FG[style.fg]);
  return codes.length ? `\x1b[${codes.join(';')}m` : '';
}

/** One printable string; every styled span resets after itself so lines never bleed. */
export function toAnsi(line: Line, look: Look): string {
  let out = '';
  for (const part of line) out += spanAnsi(part, look);
  return out;
}

/** One span as printable text: its style, its text, a reset. */
export function spanAnsi(part: Span, look: Look): string {
  const open = part.style ? sgr(part.style, look) : '';
  return open ? `${open}${part.text}\x1b[0m` : part.text;
}

/** The style's opening sequence alone (what a spinner's frames are drawn in). */
export function styleOpen(style: Style | undefined, look: Look): string {
  return style ? sgr(style, look) : '';
}

export function plain(line: Line): string {
  return line.map((part) => part.text).join('');
}

export function styled(text: string, style: Style): Line {
  return [span(text, style)];
}

export function merge(base: Style | undefined, extra: Style | undefined): Style | undefined {
  if (!base) return extra;
  if (!extra) return base;
  return { ...base, ...extra };
}
