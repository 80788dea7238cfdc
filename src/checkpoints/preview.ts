import type { FileChange } from '../protocol/checkpoints';
import { diffFile } from '../tools/file-diff';
import { DamagedObjectError, type ObjectStore } from './objects';
import { leftAlone, type FileTarget } from './restore';
import type { Entry } from './types';

/** Past this many diff lines a preview stops (the file list still names every file). */
const MAX_PREVIEW_LINES = 4000;

/** What restoring `file` would do to it, as the picker lists it. */
export function changeOf(file: FileTarget): FileChange {
  const reason = leftAlone(file);
  if (reason) return { path: file.shown, change: 'keep', reason };
  if (!file.target) return { path: file.shown, change: 'remove' };
  if (!file.current) return { path: file.shown, change: 'recreate' };
  return { path: file.shown, change: 'restore' };
}

function looksBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}

async function textOf(entry: Entry | undefined, objects: ObjectStore): Promise<string | null> {
  if (!entry || entry.kind === 'big') return '';
  const content = await objects.get(entry.hash);
  if (entry.kind === 'link') return `-> ${content.toString()}\n`;
  return looksBinary(content) ? null : content.toString('utf8');
}

/**
 * The unified diff of what restoring would do, file by file (from now to the point), for
 * the picker's preview: binary files and files over the cap get one line saying so.
 */
export async function previewDiff(
  files: readonly FileTarget[],
  objects: ObjectStore,
): Promise<string> {
  const parts: string[] = [];
  let lines = 0;
  for (const file of files) {
    if (lines > MAX_PREVIEW_LINES) {
      parts.push(`… the preview stops here (${files.length} files in all)`);
      break;
    }
    const reason = leftAlone(file);
    if (reason) {
      parts.push(`--- ${file.shown}\n+++ ${file.shown}\n(left as it is: ${reason})`);
      continue;
    }
    try {
      const [now, then] = await Promise.all([
        textOf(file.current, objects),
        textOf(file.target, objects),
      ]);
      if (now === null || then === null) {
        parts.push(`--- ${file.shown}\n+++ ${file.shown}\n(binary file ${changeOf(file).change}d)`);
        continue;
      }
      const diff = await diffFile(file.shown, now, then);
      if (diff) {
        parts.push(diff.diff);
        lines += diff.diff.split('\n').length;
      }
    } catch (error) {
      if (!(error instanceof DamagedObjectError)) throw error;
      parts.push(`--- ${file.shown}\n+++ ${file.shown}\n(cannot show it: ${error.message})`);
    }
  }
  return parts.join('\n');
}
