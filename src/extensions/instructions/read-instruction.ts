import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseFrontmatter } from '../frontmatter';
import { atReferences, stripHtmlComments, type AtReference } from '../markdown-refs';
import { pathPatterns } from '../path-globs';

/** Claude Code skips a memory file over 4 MiB; so does tick. */
export const MAX_INSTRUCTION_FILE_BYTES = 4 * 1024 * 1024;

export interface InstructionText {
  realPath: string;
  /** What the model reads: frontmatter and block-level HTML comments removed. */
  content: string;
  /** The `@path` references of its prose, each with the line it is on. */
  references: (AtReference & { line: number })[];
  /** `paths:` patterns of a path-scoped rule (undefined: applies everywhere). */
  paths?: string[];
  /** Frontmatter that could not be read (the file is used without it). */
  problems: { line: number; message: string }[];
}

export type ReadOutcome =
  { ok: true; text: InstructionText } | { ok: false; missing: boolean; reason: string };

/**
 * A checkout made without symlinks (git's `core.symlinks=false`, common on Windows) leaves
 * a symlink as a one-line file holding its target (`AGENTS.md`, `.agents/AGENTS.md`).
 * Such a file, naming a file beside it, is followed as the link it stands for.
 */
const LINK_STAND_IN = /^[^\s\0]{1,255}$/;
const MAX_LINK_HOPS = 8;

/** Reads one instruction file; a file that is missing, a folder, binary or too large is not one. */
export async function readInstruction(path: string, hops = 0): Promise<ReadOutcome> {
  let real: string;
  try {
    real = await realpath(path);
    const info = await stat(real);
    if (info.isDirectory()) return { ok: false, missing: false, reason: 'it is a folder' };
    if (info.size > MAX_INSTRUCTION_FILE_BYTES) {
      return { ok: false, missing: false, reason: `it is larger than 4 MiB (${info.size} bytes)` };
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
    return { ok: false, missing, reason: missing ? 'no such file' : (error as Error).message };
  }
  let raw: string;
  try {
    raw = await readFile(real, 'utf8');
  } catch (error) {
    return { ok: false, missing: false, reason: (error as Error).message };
  }
  if (raw.includes('\u0000')) return { ok: false, missing: false, reason: 'it is not a text file' };
  if (hops < MAX_LINK_HOPS && LINK_STAND_IN.test(raw) && /\.md$/i.test(raw)) {
    const target = resolve(dirname(real), raw);
    const followed = await readInstruction(target, hops + 1);
    if (followed.ok) return followed;
  }
  const fm = await parseFrontmatter(raw);
  const content = stripHtmlComments(fm.body);
  const lines = raw.split('\n');
  const references = atReferences(content).map((ref) => ({
    ...ref,
    line: lineOf(lines, ref.spelling),
  }));
  const paths = fm.data.paths !== undefined ? pathPatterns(fm.data.paths) : undefined;
  return {
    ok: true,
    text: {
      realPath: real,
      content,
      references,
      ...(paths && !paths.every((p) => p === '**' || p === '**/*') ? { paths } : {}),
      problems: fm.problems,
    },
  };
}

function lineOf(lines: readonly string[], spelling: string): number {
  const index = lines.findIndex((line) => line.includes(`@${spelling}`));
  return index < 0 ? 1 : index + 1;
}
