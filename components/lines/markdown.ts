import { Lexer, type Token, type Tokens } from 'marked';
import { highlightCode } from './highlight';
import { glyphs, type Look } from './look';
import { merge, type Line, type Span, type Style } from './spans';
import { lineWidth, textWidth, truncateLine, wrapLine } from './wrap';

/** Inline tokens as styled spans (bold, italic, code, links, strike-through). */
function inlineSpans(
  tokens: Token[] | undefined,
  base: Style | undefined,
  out: Span[] = [],
): Span[] {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        inlineSpans(token.tokens, merge(base, { bold: true }), out);
        break;
      case 'em':
        inlineSpans(token.tokens, merge(base, { italic: true }), out);
        break;
      case 'del':
        inlineSpans(token.tokens, merge(base, { strike: true }), out);
        break;
      case 'codespan':
        out.push({ text: token.text, style: merge(base, { fg: 'cyan' }) });
        break;
      case 'link': {
        inlineSpans(token.tokens, merge(base, { fg: 'blue', underline: true }), out);
        const text = (token as Tokens.Link).text;
        if (token.href && token.href !== text)
          out.push({ text: ` (${token.href})`, style: merge(base, { dim: true }) });
        break;
      }
      case 'br':
        out.push({ text: '\n', style: base });
        break;
      case 'text':
        if ('tokens' in token && token.tokens?.length) inlineSpans(token.tokens, base, out);
        else out.push({ text: token.text, style: base });
        break;
      default:
        out.push({
          text: 'text' in token && typeof token.text === 'string' ? token.text : token.raw,
          style: base,
        });
    }
  }
  return out;
}

/** Splits spans at embedded newlines into logical lines. */
function splitLines(spans: Span[]): Line[] {
  const lines: Line[] = [[]];
  for (const part of spans) {
    const pieces = part.text.split('\n');
    pieces.forEach((piece, index) => {
      if (index > 0) lines.push([]);
      if (piece)
        lines[lines.length - 1].push(
          part.style ? { text: piece, style: part.style } : { text: piece },
        );
    });
  }
  return lines;
}

interface Ctx {
  width: number;
  look: Look;
}

function paragraph(spans: Span[], ctx: Ctx, first: Line = [], rest: Line = first): Line[] {
  const rows: Line[] = [];
  splitLines(spans).forEach((line, index) => {
    const prefix = index === 0 ? first : rest;
    rows.push(...wrapLine([...prefix, ...line], ctx.width, { indent: rest }));
  });
  return rows;
}

function codeBlock(token: Tokens.Code, ctx: Ctx): Line[] {
  const gutter: Line = [{ text: '  ' }];
  const rows: Line[] = [];
  if (token.lang) rows.push([{ text: `  ${token.lang}`, style: { dim: true } }]);
  for (const line of highlightCode(token.text.replace(/\n$/, ''), token.lang)) {
    rows.push(...wrapLine([...gutter, ...line], ctx.width, { indent: gutter }));
  }
  return rows;
}

function list(token: Tokens.List, ctx: Ctx, depth: number): Line[] {
  const rows: Line[] = [];
  const start = typeof token.start === 'number' ? token.start : 1;
  token.items.forEach((item, index) => {
    const marker = token.ordered ? `${start + index}.` : glyphs(ctx.look).bullet;
    const task = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
    const bullet = `${'  '.repeat(depth)}${marker} ${task}`;
    const hang: Line = [{ text: ' '.repeat(textWidth(bullet)) }];
    let first = true;
    for (const child of item.tokens) {
      if (child.type === 'list') {
        rows.push(...list(child as Tokens.List, ctx, depth + 1));
      } else if (child.type === 'text' || child.type === 'paragraph') {
        const spans = inlineSpans('tokens' in child ? child.tokens : undefined, undefined);
        rows.push(
          ...paragraph(spans, ctx, first ? [{ text: bullet, style: { fg: 'cyan' } }] : hang, hang),
        );
        first = false;
      } else if (child.type !== 'space' && child.type !== 'checkbox') {
        rows.push(
          ...blocks([child], { ...ctx, width: ctx.width - hang[0].text.length }).map((row) => [
            ...hang,
            ...row,
          ]),
        );
        first = false;
      }
    }
    if (first) rows.push([{ text: bullet, style: { fg: 'cyan' } }]);
  });
  return rows;
}

/** Spaces before and after a cell's text that fill its column as the table aligns it. */
function padding(room: number, align: 'left' | 'right' | 'center' | null): [string, string] {
  const free = Math.max(0, room);
  switch (align) {
    case 'right':
      return [' '.repeat(free), ''];
    case 'center': {
      const before = Math.floor(free / 2);
      return [' '.repeat(before), ' '.repeat(free - before)];
    }
    case 'left':
    case null:
      return ['', ' '.repeat(free)];
  }
}

/** A column narrower than this holds no word: a table that needs one is cut instead. */
const MIN_COLUMN = 3;

/**
 * The columns' widths in `room` columns: their natural widths when they fit, else the
 * widest narrowed a column at a time (so narrow columns keep their width and the long
 * ones wrap); null when even MIN_COLUMN each does not fit.
 */
function columnWidths(natural: number[], room: number): number[] | null {
  const widths = [...natural];
  let excess = widths.reduce((sum, w) => sum + w, 0) - room;
  if (excess <= 0) return widths;
  if (widths.reduce((sum, w) => sum + Math.min(w, MIN_COLUMN), 0) > room) return null;
  while (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    widths[widest] -= 1;
    excess -= 1;
  }
  return widths;
}

/**
 * A GFM table: columns aligned as the table says, the header bold over a rule. A table
 * wider than the terminal narrows its columns and wraps each cell inside its column (as
 * glow does); one too narrow even for that is cut at the edge with an ellipsis.
 */
function table(token: Tokens.Table, ctx: Ctx): Line[] {
  const cells = [token.header, ...token.rows].map((row, index) =>
    row.map((cell) => {
      const spans = inlineSpans(cell.tokens, undefined);
      return index === 0
        ? spans.map((part) => ({ ...part, style: merge(part.style, { bold: true }) }))
        : spans;
    }),
  );
  const natural = token.header.map((_, col) =>
    Math.max(...cells.map((row) => lineWidth(row[col] ?? []))),
  );
  const border = ` ${glyphs(ctx.look).bar} `;
  const borders = textWidth(border) * (natural.length - 1);
  const widths = columnWidths(natural, ctx.width - borders) ?? natural;
  const total = widths.reduce((sum, w) => sum + w, 0) + borders;
  const rows: Line[] = [];
  cells.forEach((row, index) => {
    const wrapped = row.map((cell, col) => wrapLine(cell, widths[col]));
    const height = Math.max(1, ...wrapped.map((cell) => cell.length));
    for (let at = 0; at < height; at++) {
      const line: Line = [];
      wrapped.forEach((cell, col) => {
        if (col > 0) line.push({ text: border, style: { dim: true } });
        const part = cell[at] ?? [];
        const [before, after] = padding(widths[col] - lineWidth(part), token.align[col]);
        line.push({ text: before }, ...part, { text: after });
      });
      rows.push(truncateLine(line, ctx.width, glyphs(ctx.look).ellipsis));
    }
    if (index === 0)
      rows.push([
        { text: glyphs(ctx.look).rule.repeat(Math.min(total, ctx.width)), style: { dim: true } },
      ]);
  });
  return rows;
}

function block(token: Token, ctx: Ctx, depth: number): Line[] | undefined {
  switch (token.type) {
    case 'heading': {
      const style: Style = token.depth <= 2 ? { bold: true, fg: 'magenta' } : { bold: true };
      return paragraph(inlineSpans(token.tokens, style), ctx);
    }
    case 'paragraph':
      return paragraph(inlineSpans(token.tokens, undefined), ctx);
    case 'text':
      return paragraph(inlineSpans('tokens' in token ? token.tokens : undefined, undefined), ctx);
    case 'code':
      return codeBlock(token as Tokens.Code, ctx);
    case 'list':
      return list(token as Tokens.List, ctx, depth);
    case 'blockquote': {
      const bar: Line = [{ text: `${glyphs(ctx.look).bar} `, style: { dim: true } }];
      const inner = blocks(token.tokens ?? [], { ...ctx, width: ctx.width - 2 });
      return inner.map((row) => [
        ...bar,
        ...row.map((part) => ({ ...part, style: merge(part.style, { italic: true }) })),
      ]);
    }
    case 'hr':
      return [
        [{ text: glyphs(ctx.look).rule.repeat(Math.min(ctx.width, 40)), style: { dim: true } }],
      ];
    case 'table':
      return table(token as Tokens.Table, ctx);
    case 'space':
    case 'def':
      return undefined;
    default:
      return paragraph([{ text: token.raw.replace(/\n+$/, '') }], ctx);
  }
}

function blocks(tokens: Token[], ctx: Ctx, depth = 0): Line[] {
  const rows: Line[] = [];
  for (const token of tokens) {
    const lines = block(token, ctx, depth);
    if (!lines) continue;
    if (rows.length) rows.push([]);
    rows.push(...lines);
  }
  return rows;
}

/** Markdown as rows of at most `width` columns: headings, lists, emphasis, code with colours. */
export function markdownLines(text: string, width: number, look: Look): Line[] {
  if (!text.trim()) return [];
  const tokens = Lexer.lex(text, { gfm: true });
  return blocks(tokens, { width: Math.max(4, width), look });
}
