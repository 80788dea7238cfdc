/**
 * Large tool results: the whole output goes to a file in the session's folder, and the model
 * gets its head, its tail and the path, which read_file can page through.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHARS_PER_TOKEN } from './tokens';
import { makePrivateDirAsync, PRIVATE_FILE_MODE } from '../util/private-files';

/** Results longer than this are kept in a file (smaller when the window is small). */
export const SPILL_MAX_CHARS = 30_000;
/** Never spill below this, however small the window. */
const SPILL_MIN_CHARS = 4_000;
/** A spilled result may take at most this share of the context window. */
const WINDOW_SHARE = 0.25;

export interface SpillLimits {
  /** Outputs longer than this are spilled. */
  threshold: number;
  /** Characters of the head and of the tail the model gets. */
  head: number;
  tail: number;
}

/** Pure: how long a result may be before it is spilled, and how much of it the model sees. */
export function spillLimits(window: number | undefined): SpillLimits {
  const byWindow = window
    ? Math.max(SPILL_MIN_CHARS, Math.floor(window * CHARS_PER_TOKEN * WINDOW_SHARE))
    : SPILL_MAX_CHARS;
  const threshold = Math.min(SPILL_MAX_CHARS, byWindow);
  // A third of the threshold is shown: two parts head, one part tail.
  const shown = Math.floor(threshold / 3);
  const head = Math.floor((shown * 2) / 3);
  return { threshold, head, tail: shown - head };
}

/** Pure: what the model reads instead of a spilled output. */
export function spilledText(
  output: string,
  file: string,
  totalChars: number,
  limits: SpillLimits,
): string {
  const head = output.slice(0, limits.head);
  const tail = output.slice(-limits.tail);
  const hidden = Math.max(0, totalChars - head.length - tail.length);
  const note =
    `\n\n... [${hidden.toLocaleString('en-US')} of ${totalChars.toLocaleString('en-US')} characters not shown. ` +
    `The whole output is in ${file} : read it with read_file, offset and limit ` +
    `(${linesPerPage(output, limits.threshold)} lines at a time fit), or search it with bash (grep).] ...\n\n`;
  return head + note + tail;
}

/** How many lines of this output a read_file page may hold without being spilled again. */
function linesPerPage(output: string, threshold: number): number {
  let lines = 1;
  for (let at = output.indexOf('\n'); at !== -1; at = output.indexOf('\n', at + 1)) lines += 1;
  // read_file adds a line number and a tab to each line, and cuts lines at 2,000 characters.
  const perLine = Math.min(2_000, output.length / lines) + 8;
  return Math.max(10, Math.floor((threshold * 0.8) / perLine / 10) * 10);
}

/** A file name from a tool-call id (ids come from the model: keep them to safe characters). */
export function spillFileName(callId: string): string {
  const safe = callId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'call';
  return `${safe}.txt`;
}

export interface SpillInput {
  output: string;
  /** The tool already wrote the whole output here (bash). */
  outputFile?: string;
  outputChars?: number;
}

/** Spills the large results of one session into `<dir>/tool-results/`. */
export class OutputSpill {
  constructor(
    /** The session's own folder. */
    readonly dir: string,
    private readonly limits: () => SpillLimits,
  ) {}

  /** A subagent's spill: its own folder under this one (its call ids are its model's). */
  forAgent(agentId: string): OutputSpill {
    return new OutputSpill(join(this.dir, 'agents', agentId), this.limits);
  }

  /** Where the whole output of this call goes when it is long. */
  fileFor(callId: string): string {
    return join(this.dir, 'tool-results', spillFileName(callId));
  }

  /** The text the model gets: the output itself, or its head, tail and the file's path. */
  async forModel(callId: string, result: SpillInput): Promise<string> {
    const limits = this.limits();
    const total = result.outputChars ?? result.output.length;
    if (!result.outputFile && result.output.length <= limits.threshold) return result.output;
    let file = result.outputFile;
    if (!file) {
      file = this.fileFor(callId);
      try {
        await makePrivateDirAsync(join(this.dir, 'tool-results'));
        await writeFile(file, result.output, { mode: PRIVATE_FILE_MODE });
      } catch {
        // No file, no path to offer: the model gets the output as it is.
        return result.output;
      }
    }
    return spilledText(result.output, file, total, limits);
  }
}
