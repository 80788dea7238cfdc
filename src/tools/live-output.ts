/** How often live output is handed to the UI at most. */
const FLUSH_INTERVAL_MS = 50;
/** Pending live text kept between flushes; older text is skipped (the UI shows the tail). */
const MAX_PENDING_CHARS = 16_000;

/**
 * Coalesces a command's output into chunks for `ctx.onOutput`: at most one call
 * per interval, each bounded, so a flood of tiny writes or 50 MB of output does
 * not become a flood of events.
 */
export class LiveOutput {
  private pending = '';
  private skipped = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: (chunk: string) => void,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
  ) {}

  push(text: string): void {
    if (text.length === 0) return;
    this.pending += text;
    if (this.pending.length > MAX_PENDING_CHARS * 2) {
      const keep = this.pending.slice(-MAX_PENDING_CHARS);
      this.skipped += this.pending.length - keep.length;
      this.pending = keep;
    }
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Sends what is pending now (also called once at the end). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length > MAX_PENDING_CHARS) {
      this.skipped += this.pending.length - MAX_PENDING_CHARS;
      this.pending = this.pending.slice(-MAX_PENDING_CHARS);
    }
    if (this.pending.length === 0) return;
    const prefix =
      this.skipped > 0
        ? `\n... [${this.skipped.toLocaleString('en-US')} characters not shown live] ...\n`
        : '';
    const chunk = prefix + this.pending;
    this.pending = '';
    this.skipped = 0;
    this.emit(chunk);
  }
}
