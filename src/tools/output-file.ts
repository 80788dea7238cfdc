import { createWriteStream, type WriteStream } from 'node:fs';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../util/private-files';
import { dirname } from 'node:path';
import { MAX_OUTPUT_CHARS } from './output-buffer';

/** What the tee asks of the output it copies when the disk falls behind. */
export interface TeeSource {
  pause(): void;
  resume(): void;
}

/**
 * Keeps the whole output of a command in a file once it grows past what the model is given
 * (`startAbove`, the point where HeadTailBuffer starts cutting the middle). Until then the
 * text is held in memory, so a short output never touches the disk; after that it streams to
 * the file. When the disk falls behind, the source is paused (the command then waits in its
 * pipe), so neither memory nor the event loop pays for a fast command. A write error only
 * means there is no file.
 */
export class OutputFileTee {
  /** Chunks held until the output is long enough to need the file. */
  private pending: (Buffer | string)[] = [];
  private pendingLength = 0;
  private stream: WriteStream | undefined;
  private failed = false;
  private paused = false;

  constructor(
    private readonly file: string,
    private readonly source: TeeSource,
    private readonly startAbove = MAX_OUTPUT_CHARS,
  ) {}

  /** A chunk as the command wrote it (bytes are copied as they are, never re-encoded). */
  push(chunk: Buffer | string): void {
    if (this.failed || chunk.length === 0) return;
    let stream = this.stream;
    if (!stream) {
      this.pending.push(chunk);
      this.pendingLength += chunk.length;
      if (this.pendingLength <= this.startAbove) return;
      stream = this.open();
      const held = this.pending;
      this.pending = [];
      if (!stream) return;
      for (const part of held.slice(0, -1)) stream.write(part);
      chunk = held[held.length - 1];
    }
    if (!stream.write(chunk) && !this.paused) {
      this.paused = true;
      this.source.pause();
      stream.once('drain', () => this.resume());
    }
  }

  /** Finishes the file; its path when the whole output is in it. */
  async close(): Promise<string | undefined> {
    // A writable that is ending never says 'drain': whatever still waits goes on now.
    this.resume();
    const stream = this.stream;
    if (!stream) return undefined;
    // 'close' follows both a finished write and an error (then 'finish' never comes).
    if (!stream.closed) {
      await new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
        stream.end();
      });
    }
    return this.failed ? undefined : this.file;
  }

  private open(): WriteStream | undefined {
    try {
      makePrivateDir(dirname(this.file));
      this.stream = createWriteStream(this.file, {
        highWaterMark: 1 << 20,
        mode: PRIVATE_FILE_MODE,
      });
      this.stream.on('error', () => {
        this.failed = true;
        this.resume();
      });
    } catch {
      this.failed = true;
    }
    return this.stream;
  }

  private resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.source.resume();
  }
}
