import { ftruncateSync, writeSync } from 'node:fs';

/**
 * Appends `bytes` to the file open at `fd` (append mode), whose size is `start`: all of them
 * or none. A write the disk takes only part of (a nearly full disk) is continued; if the rest
 * cannot be written, the file is cut back to `start`, so no reader ever finds half a record
 * with the next one joined to it. Throws the write's error (saying so if the cut failed too).
 */
export function appendWhole(fd: number, bytes: Uint8Array, start: number): void {
  try {
    for (let done = 0; done < bytes.length;) {
      const wrote = writeSync(fd, bytes, done, bytes.length - done);
      if (wrote <= 0) throw new Error('the disk took none of the record');
      done += wrote;
    }
  } catch (error) {
    try {
      ftruncateSync(fd, start);
    } catch (cut) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new Error(`${detail} (and its last line stays cut short: ${(cut as Error).message})`, {
        cause: cut,
      });
    }
    throw error;
  }
}
