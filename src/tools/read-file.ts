import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Tool, ToolResult } from './types';
import { integer, object, optional, string, type SchemaInput } from './schema';
import { realPathInWorkspace, resolveInWorkspace } from './paths';
import { MAX_READ_BYTES, formatSize, fsErrorText, probeTextFile } from './text-file';
import { absolutePath, defined, workspacePath } from './claude-fields';

/** Lines returned when no limit is given. */
export const DEFAULT_READ_LINES = 2_000;
/** Longer lines are clipped so one minified line cannot flood the context. */
export const MAX_LINE_CHARS = 2_000;

const schema = object({
  path: string({ minLength: 1, description: 'File path, relative to the workspace or absolute.' }),
  offset: optional(
    integer({ min: 1, description: 'Line number to start at (1-based). Default 1.' }),
  ),
  limit: optional(
    integer({ min: 1, description: `Number of lines to return. Default ${DEFAULT_READ_LINES}.` }),
  ),
});

type ReadInput = SchemaInput<typeof schema>;

function clipLine(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (text.length <= MAX_LINE_CHARS) return text;
  return `${text.slice(0, MAX_LINE_CHARS)}... [${text.length - MAX_LINE_CHARS} more characters]`;
}

/** `cat -n` style: right-aligned number, tab, line. */
export function numberLines(
  lines: readonly string[],
  firstLine: number,
  remaining: number,
): string {
  const out = lines.map((line, i) => `${String(firstLine + i).padStart(6)}\t${clipLine(line)}`);
  if (remaining > 0) out.push(`... (${remaining} more lines)`);
  return out.join('\n');
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Streams a large file, keeping only the requested window in memory. */
async function readWindow(absPath: string, offset: number, limit: number) {
  const selected: string[] = [];
  let count = 0;
  const reader = createInterface({ input: createReadStream(absPath), crlfDelay: Infinity });
  for await (const line of reader) {
    count += 1;
    if (count >= offset && selected.length < limit) selected.push(line);
  }
  return { selected, total: count };
}

function pastEnd(offset: number, shown: string, total: number): ToolResult {
  return {
    output: `Error: offset ${offset} is past the end of ${shown} (${total} lines)`,
    isError: true,
  };
}

export const read_file: Tool<typeof schema> = {
  name: 'read_file',
  description:
    'Read a text file. Returns numbered lines (`cat -n` style). Use offset (1-based line) and ' +
    `limit to read part of a long file; at most ${DEFAULT_READ_LINES} lines are returned by ` +
    `default and "... (N more lines)" says what is left. Binary files and files over ` +
    `${formatSize(MAX_READ_BYTES)} (without offset/limit) are refused.`,
  schema,
  look: { role: 'read', resultShape: 'count' },
  access: (input: ReadInput, ctx) => ({
    kind: 'read',
    paths: [realPathInWorkspace(input.path, ctx.cwd)],
  }),
  summary: (input: ReadInput) => {
    if (input.offset === undefined && input.limit === undefined) return input.path;
    const from = input.offset ?? 1;
    return input.limit === undefined
      ? `${input.path} (from line ${from})`
      : `${input.path} (lines ${from}-${from + input.limit - 1})`;
  },
  async run(input, ctx) {
    const abs = resolveInWorkspace(input.path, ctx.cwd);
    const shown = input.path;
    const probe = await probeTextFile(abs, shown);
    if (!probe.ok) return { output: probe.error, isError: true };
    const offset = input.offset ?? 1;
    const limit = input.limit ?? DEFAULT_READ_LINES;
    if (probe.tooLarge && input.offset === undefined && input.limit === undefined) {
      return {
        output:
          `Error: ${shown} is ${formatSize(probe.stats.size)}, over the ` +
          `${formatSize(MAX_READ_BYTES)} limit for reading a whole file; ` +
          'pass offset and limit to read part of it',
        isError: true,
      };
    }
    let selected: string[];
    let total: number;
    try {
      if (probe.tooLarge) {
        ({ selected, total } = await readWindow(abs, offset, limit));
      } else {
        const lines = splitLines(await readFile(abs, 'utf8'));
        total = lines.length;
        selected = lines.slice(offset - 1, offset - 1 + limit);
      }
    } catch (err) {
      return { output: fsErrorText(err, shown), isError: true };
    }
    if (total === 0) {
      return {
        output: '(empty file)',
        display: { lines: 0 },
        claude: readResponse(abs, [''], 1, 1),
      };
    }
    if (offset > total) return pastEnd(offset, shown, total);
    const remaining = total - (offset - 1) - selected.length;
    return {
      output: numberLines(selected, offset, remaining),
      display: { lines: selected.length },
      claude: readResponse(abs, selected, offset, total),
    };
  },
  claude: {
    name: 'Read',
    toolInput: (input, ctx) =>
      defined({
        file_path: absolutePath(input.path, ctx.cwd),
        offset: input.offset,
        limit: input.limit,
      }),
    fromToolInput: (toolInput, ctx) =>
      defined({
        path: workspacePath(toolInput.file_path, ctx.cwd),
        offset: toolInput.offset,
        limit: toolInput.limit,
      }),
  },
};

/** Claude Code's Read result: the lines returned, without numbers, and where they sit. */
function readResponse(abs: string, lines: string[], startLine: number, totalLines: number) {
  return {
    response: {
      type: 'text',
      file: {
        filePath: abs,
        content: lines.join('\n'),
        numLines: lines.length,
        startLine,
        totalLines,
      },
    },
  };
}
