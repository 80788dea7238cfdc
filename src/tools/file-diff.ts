/** Diffing gives up after this long (huge rewrites); the change is then only counted in bytes. */
const DIFF_TIMEOUT_MS = 2_000;

export interface FileDiff {
  /** Unified diff with `---`/`+++` headers, for the UI. */
  diff: string;
  /** Just the `@@` hunks, for the model. */
  hunks: string;
  added: number;
  removed: number;
  /** The hunks as data (`oldStart`, `oldLines`, `newStart`, `newLines`, `lines`): Claude Code's `structuredPatch`. */
  structured: PatchHunk[];
}

export interface PatchHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

const toLf = (text: string) => text.replace(/\r\n/g, '\n');

/**
 * Unified diff of a file change (line endings normalised, so CRLF files diff cleanly).
 * The diff package loads on the first write or edit, not with the agent.
 */
export async function diffFile(
  name: string,
  oldText: string,
  newText: string,
): Promise<FileDiff | undefined> {
  const { OMIT_HEADERS, formatPatch, structuredPatch } = await import('diff');
  const patch = structuredPatch(name, name, toLf(oldText), toLf(newText), '', '', {
    context: 3,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) return undefined;
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
    }
  }
  const hunks = formatPatch(patch, OMIT_HEADERS).replace(/\n+$/, '');
  const structured = patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({
    oldStart,
    oldLines,
    newStart,
    newLines,
    lines,
  }));
  return { diff: `--- ${name}\n+++ ${name}\n${hunks}`, hunks, added, removed, structured };
}
