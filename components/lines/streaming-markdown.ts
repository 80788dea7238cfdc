import type { Look } from './look';
import { markdownLines } from './markdown';
import type { Line } from './spans';

const FENCE_OPEN = /^\s*(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const LIST_ITEM = /^([*+-]|\d{1,9}[.)])(\s|$)/;

/**
 * The last offset at or after `from` (itself the start of a line outside a code fence)
 * where the text can be cut so that the part before lays out the same alone: the start
 * of a complete line that follows a blank line, outside a fence, and that nothing
 * before it can continue into (not indented, not a list item). `from` if there is none.
 */
export function safeSplit(text: string, from = 0): number {
  let split = from;
  let fence: string | undefined;
  let previousBlank = false;
  let start = from;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    // The last line may still grow: it is never a cut.
    if (end < 0) break;
    const line = text.slice(start, end);
    if (fence) {
      const close = FENCE_CLOSE.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = undefined;
      previousBlank = false;
    } else {
      const open = FENCE_OPEN.exec(line);
      const blank = line.trim() === '';
      if (previousBlank && !blank && !/^\s/.test(line) && !LIST_ITEM.test(line)) split = start;
      if (open) fence = open[1];
      previousBlank = blank;
    }
    start = end + 1;
  }
  return split;
}

/**
 * Lays out an answer that is still streaming: the part before the last safe cut is
 * laid out once and kept, so each frame parses only the tail.
 */
export class StreamingMarkdown {
  private text = '';
  private cut = 0;
  private head: Line[] = [];
  private width = -1;
  private look: Look | undefined;

  /** Whether `text` continues what this laid out (the committed answer of the stream). */
  continues(text: string, width: number, look: Look): boolean {
    return (
      this.cut > 0 &&
      width === this.width &&
      look === this.look &&
      text.startsWith(this.text.slice(0, this.cut))
    );
  }

  lines(text: string, width: number, look: Look): Line[] {
    if (!this.continues(text, width, look)) this.reset(width, look);
    this.text = text;
    const cut = safeSplit(text, this.cut);
    if (cut > this.cut) {
      this.head = join(this.head, markdownLines(text.slice(this.cut, cut), width, look));
      this.cut = cut;
    }
    return join(this.head, markdownLines(text.slice(this.cut), width, look));
  }

  private reset(width: number, look: Look): void {
    this.text = '';
    this.cut = 0;
    this.head = [];
    this.width = width;
    this.look = look;
  }
}

/** Two runs of blocks, with the blank row that separates blocks between them. */
function join(a: Line[], b: Line[]): Line[] {
  if (!a.length) return b;
  if (!b.length) return a;
  return [...a, [], ...b];
}
