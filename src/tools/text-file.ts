import { open, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';

/** Files larger than this are not read whole (read_file can still page through them). */
export const MAX_READ_BYTES = 5 * 1024 * 1024;
/** Bytes inspected for NUL to tell binary files apart. */
const BINARY_SNIFF_BYTES = 8 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export type FileProbe =
  { ok: true; stats: Stats; tooLarge: boolean } | { ok: false; error: string; missing?: boolean };

/** The `Error:` text for a failed fs call on `shown` (the path as the model wrote it). */
export function fsErrorText(err: unknown, shown: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return `Error: file not found: ${shown}`;
  if (code === 'EACCES' || code === 'EPERM') return `Error: permission denied: ${shown}`;
  if (code === 'EISDIR')
    return `Error: ${shown} is a directory, not a file; use glob to list files`;
  return `Error: cannot access ${shown}: ${(err as Error).message}`;
}

/** Checks that `absPath` is a readable regular text file; says why not otherwise. */
export async function probeTextFile(
  absPath: string,
  shown: string,
  maxBytes = MAX_READ_BYTES,
): Promise<FileProbe> {
  let stats: Stats;
  try {
    stats = await stat(absPath);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, error: fsErrorText(err, shown), missing: code === 'ENOENT' };
  }
  if (stats.isDirectory()) {
    return {
      ok: false,
      error: `Error: ${shown} is a directory, not a file; use glob to list files`,
    };
  }
  if (!stats.isFile()) return { ok: false, error: `Error: ${shown} is not a regular file` };
  try {
    const handle = await open(absPath, 'r');
    try {
      const sniff = Buffer.alloc(Math.min(BINARY_SNIFF_BYTES, stats.size));
      const { bytesRead } = await handle.read(sniff, 0, sniff.length, 0);
      if (sniff.subarray(0, bytesRead).includes(0)) {
        return {
          ok: false,
          error: `Error: ${shown} is a binary file (${formatSize(stats.size)}); it is not shown`,
        };
      }
    } finally {
      await handle.close();
    }
  } catch (err) {
    return { ok: false, error: fsErrorText(err, shown) };
  }
  return { ok: true, stats, tooLarge: stats.size > maxBytes };
}
