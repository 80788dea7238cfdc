import { Terminal } from '@xterm/headless';
import { useStringWidthUnicode } from './pty';

/** One cell of a terminal screen as the user sees it: its text and how it is drawn. */
export interface SeenCell {
  chars: string;
  width: number;
  fg: string;
  bg: string;
  /** bold, dim, italic, underline, inverse, strikethrough, invisible, blink, overline */
  attributes: string;
}

/**
 * Draws an Ink frame (rows joined by newlines, as Ink's Output returns it) on a fresh
 * headless xterm the size of the screen and reads back every cell, so two frames can be
 * compared by what they show rather than by their escape codes.
 */
export async function seenCells(frame: string, cols: number, rows: number): Promise<SeenCell[][]> {
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  useStringWidthUnicode(term);
  await new Promise<void>((resolve) => term.write(frame.split('\n').join('\r\n'), resolve));
  const buffer = term.buffer.active;
  const screen: SeenCell[][] = [];
  const cell = buffer.getNullCell();
  for (let y = 0; y < rows; y++) {
    const line = buffer.getLine(y);
    const row: SeenCell[] = [];
    for (let x = 0; x < cols; x++) {
      if (!line?.getCell(x, cell)) throw new Error(`no cell at ${x},${y}`);
      row.push({
        chars: cell.getChars(),
        width: cell.getWidth(),
        fg: `${cell.getFgColorMode()}:${cell.getFgColor()}`,
        bg: `${cell.getBgColorMode()}:${cell.getBgColor()}`,
        attributes: [
          cell.isBold(),
          cell.isDim(),
          cell.isItalic(),
          cell.isUnderline(),
          cell.isInverse(),
          cell.isStrikethrough(),
          cell.isInvisible(),
          cell.isBlink(),
          cell.isOverline(),
        ]
          .map((on) => (on ? '1' : '0'))
          .join(''),
      });
    }
    screen.push(row);
  }
  term.dispose();
  return screen;
}

/** The cells (at most `max`) where two screens differ, each as `x,y: one | other`. */
export function screenDifferences(one: SeenCell[][], other: SeenCell[][], max = 5): string[] {
  const differences: string[] = [];
  for (let y = 0; y < Math.max(one.length, other.length); y++) {
    for (let x = 0; x < Math.max(one[y]?.length ?? 0, other[y]?.length ?? 0); x++) {
      const a = JSON.stringify(one[y]?.[x]);
      const b = JSON.stringify(other[y]?.[x]);
      if (a !== b) differences.push(`${x},${y}: ${a} | ${b}`);
      if (differences.length >= max) return differences;
    }
  }
  return differences;
}
