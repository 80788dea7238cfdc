import { ansiCodesToString, diffAnsiCodes } from '@alcalzone/ansi-tokenize';
import { inkLines, leavesStyleOpen, lineSegment, type LineSegment } from './ink-line-segment';
import { lruMemo } from '../util/lru-memo';

type Transformer = (line: string, index: number) => string;

/** What Ink's Output keeps of a frame (ink/build/output.js); private fields in its types. */
export interface OutputState {
  width: number;
  height: number;
  operations: readonly (
    | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
    | { type: 'clip' }
    | { type: 'unclip' }
  )[];
}

/** What Output's `get()` returns. */
export interface Frame {
  output: string;
  height: number;
}

/** A line written on a row, after the transformers. */
interface RowWrite {
  x: number;
  line: string;
}

/** A row of the last frame composed: what was written on it and what it printed. */
interface ComposedRow {
  writes: RowWrite[];
  /** The column after its last segment. */
  end: number;
  text: string;
}

/*
 * Prints Ink's frames faster (installed by ink-patches.ts). For every frame Ink's Output
 * builds a width × height grid of cells, parses every written line into styled cells,
 * places them, and prints every row back into a string: for a screen of rows that hardly
 * change, most of a frame's cost. The app writes its screen as rows of pre-laid-out text,
 * so a frame is a list of writes; this prints each row straight from the lines written on
 * it, and the frames it cannot print exactly as Ink would (clips, overlapping text, text
 * beyond the width) go to Ink.
 */

/** Segments of the lines seen last (bounded: a screen needs 30 to 60). */
const segmentOf = lruMemo((line) => lineSegment(line) ?? null, 240);

/** The written texts seen last, split into lines as Ink splits them (inkLines). */
const inkLinesOf = lruMemo(inkLines, 240);

/** Lines seen last that leave a style open at their end (bounded: a screen has a few dozen). */
const openAtEnd = lruMemo(leavesStyleOpen, 480);

/**
 * A written text's lines. Ink 8 reads a text whole before it splits it, which matters only
 * for a style open across a line break or for what a transformer is given; other texts
 * (most: rows styled and closed one by one) split as they are, and their lines are read as
 * Ink reads them when they are printed (lineSegment).
 */
function linesOf(text: string, transformed: boolean): string[] {
  if (transformed) return inkLinesOf(text);
  const lines = text.split('\n');
  if (!text.includes('\x1b')) return lines;
  for (let i = 0; i < lines.length - 1; i++) if (openAtEnd(lines[i])) return inkLinesOf(text);
  return lines;
}

/** The rows of the last frame composed, by row; bounded by the screen's height. */
let lastRows: (ComposedRow | undefined)[] = [];

/**
 * The frame Ink's `get()` would return for this Output, or undefined when it holds
 * anything this does not print exactly as Ink would: then Ink's `get()` must run.
 */
export function composeFrame(output: OutputState): Frame | undefined {
  const { width, height, operations } = output;
  if (!Number.isInteger(width) || !Number.isInteger(height) || height < 0) return undefined;
  const writes: (RowWrite[] | undefined)[] = new Array(height);
  for (const operation of operations) {
    if (operation.type !== 'write') return undefined;
    const { x, y, text, transformers } = operation;
    // Ink drops text above the top, and fractional columns are no cells; leave both to it.
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0) return undefined;
    const lines = linesOf(text, transformers.length > 0);
    for (let index = 0; index < lines.length && y + index < height; index++) {
      let line = lines[index];
      for (const transformer of transformers) line = transformer(line, index);
      (writes[y + index] ??= []).push({ x, line });
    }
  }
  const rows: ComposedRow[] = new Array(height);
  for (let y = 0; y < height; y++) {
    const row = composedRow(writes[y] ?? [], lastRows[y], width);
    if (!row) return undefined;
    rows[y] = row;
  }
  lastRows = rows;
  return { output: rows.map((row) => row.text).join('\n'), height };
}

/** A row's print, the last frame's when the same lines were written at the same columns. */
function composedRow(
  writes: RowWrite[],
  last: ComposedRow | undefined,
  width: number,
): ComposedRow | undefined {
  if (last && sameWrites(writes, last.writes)) return last.end <= width ? last : undefined;
  const placed: PlacedSegment[] = [];
  for (const { x, line } of writes) {
    const segment: LineSegment | null = segmentOf(line);
    if (segment) placed.push({ x, segment });
  }
  if (placed.length > 1) placed.sort((a, b) => a.x - b.x);
  let end = 0;
  for (const { x, segment } of placed) {
    // Overlapping text is placed cell by cell over what is under it: Ink's grid does that.
    if (x < end) return undefined;
    end = x + segment.width;
  }
  // Ink's grid is `width` cells; text past it (or a wide character cut by it) is Ink's to print.
  if (end > width) return undefined;
  return { writes, end, text: composeRow(placed) };
}

function sameWrites(a: readonly RowWrite[], b: readonly RowWrite[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].x !== b[i].x || a[i].line !== b[i].line) return false;
  return true;
}

/** A segment at its column on a row. */
interface PlacedSegment {
  readonly x: number;
  readonly segment: LineSegment;
}

/**
 * The row Ink's Output would print for these segments (sorted by x, none overlapping):
 * unstyled spaces between them, styles closed before a gap and at the end, and between
 * two segments that touch only the change of styles, as Ink prints it. Trailing spaces
 * are trimmed as Ink does.
 */
function composeRow(placed: readonly PlacedSegment[]): string {
  let row = '';
  let column = 0;
  let previous: LineSegment | undefined;
  for (const { x, segment } of placed) {
    if (previous && x === column) {
      row += ansiCodesToString(diffAnsiCodes(previous.lastStyles, segment.firstStyles));
    } else {
      if (previous) row += previous.close;
      if (x > column) row += ' '.repeat(x - column);
      row += segment.open;
    }
    row += segment.body;
    column = x + segment.width;
    previous = segment;
  }
  if (previous) row += previous.close;
  return row.trimEnd();
}
