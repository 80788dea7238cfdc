import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { MAX_OUTPUT_CHARS } from './output-buffer';

/**
 * Keeps the whole output of a command in a file once it grows past what the model is given
 * (`startAbove`, the point where HeadTailBuffer starts cutting the middle). Until then the
 * text is held in memory, so a short output never touches the disk; after that it streams
 * to the file and memory stays bounded. A write error only means there is no file.
 */
export class OutputFileTee {
  private pending = '';
  private stream: WriteStream | undefined;
  private failed = false;

  constructor(
    private readonly file: string,
    private readonly startAbove = MAX_OUTPUT_CHARS,
  ) {}

  push(text: string): void {
    if (this.failed) return;
    if (this.stream) {
      this.stream.write(text);
      return;
    }
    this.pending += text;
    if (this.pending.length <= this.startAbove) return;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      this.stream = createWriteStream(this.file);
      this.stream.on('error', () => (this.failed = true));
      this.stream.write(this.pending);
    } catch {
      this.failed = true;
    }
    this.pending = '';
  }

  /** Finishes the file; its path when the whole output is in it. */
  async close(): Promise<string | undefined> {
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
}
