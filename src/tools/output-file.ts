import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { MAX_OUTPUT_CHARS } from './output-buffer';

/**
 * Keeps the whole output of a command in a file once it grows past what the model is given
 * (`startAbove`, the point where HeadTailBuffer starts cutting the middle). Until then the
 * text is held in memory, so a short output never touches the disk; after that each chunk is
 * written as it comes. Writes are synchronous: a command printing faster than the disk takes
 * it then waits in its pipe instead of piling up in tick's memory. A write error only means
 * there is no file.
 */
export class OutputFileTee {
  private pending = '';
  private fd: number | undefined;
  private failed = false;

  constructor(
    private readonly file: string,
    private readonly startAbove = MAX_OUTPUT_CHARS,
  ) {}

  push(text: string): void {
    if (this.failed || !text) return;
    if (this.fd === undefined) {
      this.pending += text;
      if (this.pending.length <= this.startAbove) return;
      text = this.pending;
      this.pending = '';
    }
    try {
      if (this.fd === undefined) {
        mkdirSync(dirname(this.file), { recursive: true });
        this.fd = openSync(this.file, 'w');
      }
      writeSync(this.fd, text);
    } catch {
      this.failed = true;
    }
  }

  /** Closes the file; its path when the whole output is in it. */
  close(): string | undefined {
    if (this.fd === undefined) return undefined;
    try {
      closeSync(this.fd);
    } catch {
      this.failed = true;
    }
    this.fd = undefined;
    return this.failed ? undefined : this.file;
  }
}
