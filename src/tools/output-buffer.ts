/** Output the model sees at most; longer output is cut in the middle. */
export const MAX_OUTPUT_CHARS = 50_000;

export function cutMarker(cut: number): string {
  return `\n... [${cut.toLocaleString('en-US')} characters cut] ...\n`;
}

/**
 * Keeps the first and last `limit / 2` characters of a stream of text and counts
 * the rest, so memory stays bounded however much a command prints.
 */
export class HeadTailBuffer {
  private head = '';
  private tail = '';
  private total = 0;
  private readonly half: number;

  constructor(private readonly limit = MAX_OUTPUT_CHARS) {
    this.half = Math.floor(limit / 2);
  }

  push(text: string): void {
    this.total += text.length;
    if (this.head.length < this.half) {
      const room = this.half - this.head.length;
      this.head += text.slice(0, room);
      text = text.slice(room);
    }
    if (text.length === 0) return;
    this.tail += text;
    // Trim lazily (at twice the size) so many small pushes stay linear.
    if (this.tail.length > this.half * 2) this.tail = this.tail.slice(-this.half);
  }

  get length(): number {
    return this.total;
  }

  /** Everything when it fits in `limit`, else head + marker + tail. */
  toString(): string {
    // Nothing was trimmed yet while the total fits: the tail is whole.
    if (this.total <= this.limit) return this.head + this.tail;
    const tail = this.tail.slice(-this.half);
    return this.head + cutMarker(this.total - this.head.length - tail.length) + tail;
  }
}

/** One-shot version for text already in memory. */
export function cutMiddle(text: string, limit = MAX_OUTPUT_CHARS): string {
  if (text.length <= limit) return text;
  const half = Math.floor(limit / 2);
  return text.slice(0, half) + cutMarker(text.length - 2 * half) + text.slice(-half);
}
