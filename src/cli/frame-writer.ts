import { EventEmitter } from 'node:events';
import { rowUpdate } from './row-diff';

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const RESET_REGION = '\x1b[r';
const CLEAR_SCREEN = '\x1b[H\x1b[2J';
const SHOW_CURSOR = '\x1b[?25h';
const HIDE_CURSOR = '\x1b[?25l';
/**
 * Terminal modes Ink sets on its stdout (bracketed paste, while a component reads pastes):
 * not frames. tick sets the modes itself for the whole session (terminal.ts).
 */
export const INK_TERMINAL_MODES = new Set(['\x1b[?2004h', '\x1b[?2004l']);

/** A place on the screen, 0-based. */
export interface CursorPlace {
  row: number;
  column: number;
}

export interface FrameWriterOptions {
  /**
   * Where the terminal's cursor goes after each frame (the input's caret, so an input
   * method opens there); null hides it. Read when a frame is written.
   */
  cursor?: () => CursorPlace | null;
}

/**
 * Puts Ink's frames on the alternate screen. Ink renders into `sink` (debug mode: one
 * whole frame per write); this writes only the rows that changed, at absolute
 * positions (a big change inside a synchronized update). When the transcript moved up, it scrolls
 * those rows with a scroll region instead of repainting them, so streaming costs about
 * the new text. It never clears the whole screen.
 *
 * It writes what it gets at the next macrotask (frames of one tick are merged); when
 * frames come is the frame scheduler's business (src/app/frame-scheduler.ts).
 *
 * A frame ends with the terminal's cursor at the input's caret, shown, when an input has
 * the keyboard, and hidden otherwise; it is moved only when a frame was written or the
 * caret moved.
 *
 * After a resize the whole screen is cleared and drawn again: a terminal that shrinks
 * moves or keeps the old rows in ways a row-by-row model cannot know (the bottom row,
 * which tick never writes, kept an old status line). A frame received before the resize
 * and not yet written is dropped: it was laid out for the old size.
 *
 * Why not Ink's own writer: Ink 8's incremental writer draws correctly, but it rewrites every
 * changed line whole from its first column and never scrolls, so it writes 2.7 to 3.1 times
 * the bytes of this one on a streamed answer; the standard writer repaints the whole frame.
 */
export class FrameWriter {
  /** The stream Ink renders into. */
  readonly sink: NodeJS.WriteStream;
  /** Bytes written to the terminal, for tests and benchmarks. */
  bytesWritten = 0;
  private screen: (string | undefined)[] = [];
  private pending: string | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private closed = false;
  /** The next frame starts from a cleared screen (after a resize). */
  private clearFirst = false;
  /** Bottom row of the scroll region in effect, if one is set. */
  private region: number | undefined;
  /** Where the cursor was put and shown after the last frame; null: hidden. */
  private cursorAt: string | null = null;
  private readonly onResize = () => {
    // A frame not yet written was laid out for the old size: it must not reach the new
    // screen (its rows would wrap there). The app draws one at the new size (ink-patches.ts).
    this.pending = undefined;
    this.screen = [];
    this.clearFirst = true;
    // A region for the old height could cut the new screen short.
    if (this.region !== undefined) this.out.write(RESET_REGION);
    this.region = undefined;
    this.sinkEmitter.emit('resize');
  };
  private readonly sinkEmitter: EventEmitter;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly options: FrameWriterOptions = {},
  ) {
    const sink = new EventEmitter() as EventEmitter & Record<string, unknown>;
    Object.defineProperties(sink, {
      columns: { get: () => out.columns || 80 },
      rows: { get: () => out.rows || 24 },
      isTTY: { value: true },
      write: {
        value: (data: string | Uint8Array, callback?: () => void) => {
          this.receive(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'));
          if (typeof callback === 'function') setImmediate(callback);
          return true;
        },
      },
    });
    this.sinkEmitter = sink;
    // Ink only uses these members of its stdout.
    this.sink = sink as unknown as NodeJS.WriteStream;
    out.on('resize', this.onResize);
  }

  private receive(frame: string): void {
    if (this.closed || frame === '' || INK_TERMINAL_MODES.has(frame)) return;
    this.pending = frame;
    // Frames of one tick (Ink's resize frame, then the app's) are merged.
    this.immediate ??= setImmediate(() => this.flush());
  }

  /** Writes the latest frame now. */
  flush(): void {
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = undefined;
    if (this.pending === undefined || this.closed) return;
    const lines = this.pending.split('\n');
    this.pending = undefined;
    const rows = this.out.rows || 24;
    const columns = this.out.columns || 80;
    // The last terminal row stays empty: writing there could scroll the screen.
    const visible = lines.slice(0, Math.max(0, rows - 1));
    const clear = this.clearFirst ? CLEAR_SCREEN : '';
    this.clearFirst = false;
    const scroll = clear ? '' : this.scroll(visible);
    let output = clear + scroll;
    let changed = 0;
    const height = Math.max(visible.length, this.screen.length);
    for (let row = 0; row < height && row < rows; row++) {
      const next = visible[row] ?? '';
      if (this.screen[row] === next) continue;
      output += rowUpdate(this.screen[row], next, row, columns);
      this.screen[row] = next;
      changed += 1;
    }
    // Rows are overwritten in place, never erased first, so a partly drawn update is
    // never blank; only a big change (a page, a resize) is worth a synchronized update.
    const rowsText = !output ? '' : changed >= 4 || clear ? SYNC_START + output + SYNC_END : output;
    const text = this.withCursor(rowsText, visible.length, columns);
    if (!text) return;
    this.bytesWritten += Buffer.byteLength(text);
    this.out.write(text);
  }

  /** The frame's rows, then the cursor to where the caret is (or hidden). */
  private withCursor(rows: string, height: number, columns: number): string {
    const place = this.options.cursor?.() ?? null;
    const at =
      place && place.row >= 0 && place.row < height
        ? `\x1b[${place.row + 1};${Math.min(Math.max(0, place.column), columns - 1) + 1}H`
        : null;
    const before = this.cursorAt;
    this.cursorAt = at;
    if (at === null) return before === null ? rows : rows + HIDE_CURSOR;
    // Writing rows moves the cursor, so it goes back to the caret after any. (A terminal
    // draws what one write left, so the cursor is not seen on the way; hiding it around
    // every frame would cost a streamed frame more than its text.)
    if (rows) return rows + at + (before === null ? SHOW_CURSOR : '');
    if (at === before) return '';
    return before === null ? at + SHOW_CURSOR : at;
  }

  /**
   * When the new frame's top rows are the old ones moved up by k, scrolls that region
   * by k rows (the terminal moves them) and updates the screen model to match.
   */
  private scroll(lines: string[]): string {
    const old = this.screen;
    if (old.length < 4) return '';
    let shift = 0;
    let run = 0;
    for (let k = 1; k < Math.min(old.length, 64); k++) {
      let m = 0;
      while (
        m + k < old.length &&
        m < lines.length &&
        old[m + k] !== undefined &&
        lines[m] === old[m + k]
      )
        m++;
      if (m > run) {
        run = m;
        shift = k;
      }
    }
    let inPlace = 0;
    for (let i = 0; i < run + shift && i < lines.length; i++) if (lines[i] === old[i]) inPlace++;
    if (run < 3 || run <= inPlace) return '';
    // A row that moved and grew (the streaming line) moves with the region, so only its
    // new end is written afterwards.
    while (
      run + shift < old.length &&
      run < lines.length &&
      sharedPrefix(lines[run], old[run + shift]) >= 8
    )
      run++;
    const bottom = run + shift;
    for (let i = 0; i < bottom; i++) this.screen[i] = i < run ? old[i + shift] : '';
    // The region stays set between frames (nothing here writes a line feed); it is only
    // sent again when it changes, and reset on close.
    const region = bottom === this.region ? '' : `\x1b[1;${bottom}r`;
    this.region = bottom;
    return `${region}\x1b[${shift}S`;
  }

  /** Forget what is on screen (after something else wrote to it). */
  invalidate(): void {
    this.screen = [];
  }

  close(): void {
    this.flush();
    if (this.region !== undefined) this.out.write(RESET_REGION);
    this.region = undefined;
    this.closed = true;
    if (this.immediate) clearImmediate(this.immediate);
    this.out.off('resize', this.onResize);
  }
}

function sharedPrefix(a: string | undefined, b: string | undefined): number {
  if (!a || !b) return 0;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
