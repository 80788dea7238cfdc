/**
 * What a running call printed, kept in the session log as it arrives, so a session resumed
 * after a crash or a `kill -9` can tell the model (and show) what the call had done. The
 * first HEAD_CHARS are recorded as they come; after that only the latest TAIL_CHARS, at
 * most once every TAIL_EVERY_MS, so a command that floods its output does not flood the log.
 */
import type { OutputRecord } from './format';

export const HEAD_CHARS = 16_000;
export const TAIL_CHARS = 4_000;
export const TAIL_EVERY_MS = 1_000;

/** One `output` line: `text` adds to the head, or (`tail`) replaces the call's last tail. */
export type OutputPiece = Omit<OutputRecord, 'kind' | 't'>;

interface CallOutput {
  head: number;
  tail: string;
  /** Characters seen after the head. */
  after: number;
  tailWrittenAt: number;
  /** Output arrived since the tail was last written. */
  pending: boolean;
}

/**
 * Decides, chunk by chunk, which output pieces of running calls go to the log. A tail held
 * back (written less than TAIL_EVERY_MS ago) is `pending` until `flush` (the writer's timer,
 * or closing) writes it, so at most about a second of output goes unrecorded.
 */
export class RunningOutput {
  private readonly calls = new Map<string, CallOutput>();

  push(id: string, chunk: string, now: number): OutputPiece[] {
    let call = this.calls.get(id);
    if (!call) {
      call = { head: 0, tail: '', after: 0, tailWrittenAt: -Infinity, pending: false };
      this.calls.set(id, call);
    }
    const pieces: OutputPiece[] = [];
    const head = chunk.slice(0, Math.max(0, HEAD_CHARS - call.head));
    if (head) {
      call.head += head.length;
      pieces.push({ id, text: head });
    }
    const rest = chunk.slice(head.length);
    if (!rest) return pieces;
    call.after += rest.length;
    call.tail = (call.tail + rest).slice(-TAIL_CHARS);
    call.pending = true;
    if (now - call.tailWrittenAt >= TAIL_EVERY_MS) pieces.push(this.tailOf(id, call, now));
    return pieces;
  }

  /** Some call has output not yet written. */
  get pending(): boolean {
    for (const call of this.calls.values()) if (call.pending) return true;
    return false;
  }

  /** The tails held back, to write now. */
  flush(now: number): OutputPiece[] {
    const pieces: OutputPiece[] = [];
    for (const [id, call] of this.calls) if (call.pending) pieces.push(this.tailOf(id, call, now));
    return pieces;
  }

  /** The call ended (its result carries the whole output). */
  end(id: string): void {
    this.calls.delete(id);
  }

  private tailOf(id: string, call: CallOutput, now: number): OutputPiece {
    call.tailWrittenAt = now;
    call.pending = false;
    return { id, text: call.tail, tail: true, skipped: call.after - call.tail.length };
  }
}

/** The recorded output of one call, put back together from its pieces. */
export function joinOutput(head: string, tail: OutputPiece | undefined): string {
  if (!tail) return head;
  const gap = tail.skipped
    ? `\n... [${tail.skipped.toLocaleString('en-US')} characters not recorded] ...\n`
    : '';
  return `${head}${gap}${tail.text}`;
}
