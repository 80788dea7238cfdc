import { shortPath } from '../warnings';
import type { LoadedInstruction } from './instruction-loader';

/** What the instruction files loaded at start-up may take of the system prompt, in characters. */
export const STARTUP_BUDGET_CHARS = 60_000;
/** What one later load (a subfolder's files, a path-scoped rule) may add to a tool result. */
export const LATER_BUDGET_CHARS = 40_000;

export interface InstructionCut {
  path: string;
  /** Characters of its content the model reads (0: left out). */
  kept: number;
  total: number;
  budget: number;
}

export interface RenderedInstructions {
  text: string;
  cuts: InstructionCut[];
}

/**
 * The files as the model reads them, each under a heading that says where it comes from,
 * in load order, within `budget` characters of content: the file that passes the budget is
 * cut at a line end (and says so), the files after it are left out. `cuts` says what.
 */
export function renderInstructions(
  files: readonly LoadedInstruction[],
  cwd: string,
  budget: number,
): RenderedInstructions {
  const parts: string[] = [];
  const cuts: InstructionCut[] = [];
  let left = budget;
  for (const file of files) {
    const content = file.content.trim();
    if (!content) continue;
    const path = shortPath(file.path, cwd);
    if (left <= 0) {
      cuts.push({ path: file.path, kept: 0, total: content.length, budget });
      continue;
    }
    let body = content;
    if (content.length > left) {
      const end = content.lastIndexOf('\n', left);
      body = content.slice(0, end > left / 2 ? end : left);
      cuts.push({ path: file.path, kept: body.length, total: content.length, budget });
      body += `\n\n[cut: the rest of ${path} (${content.length - body.length} characters) is over the instruction budget; read the file for it]`;
    }
    left -= Math.min(content.length, left);
    parts.push(`Contents of ${path} (${label(file, cwd)}):\n\n${body}`);
  }
  return { text: parts.join('\n\n'), cuts };
}

function label(file: LoadedInstruction, cwd: string): string {
  switch (file.scope) {
    case 'user':
      return "the user's own instructions, for every project";
    case 'project':
      return 'project instructions';
    case 'subfolder':
      return 'instructions for the files in this folder';
    case 'rule':
      return 'project rule';
    case 'import':
      return `imported by ${file.importedBy ? shortPath(file.importedBy, cwd) : 'an instruction file'}`;
  }
}

/** One line for the screen per cut file. */
export function cutNotice(cut: InstructionCut, cwd: string): string {
  const path = shortPath(cut.path, cwd);
  const budget = cut.budget.toLocaleString('en-US');
  return cut.kept === 0
    ? `${path}: not loaded (${cut.total.toLocaleString('en-US')} characters): the instruction files before it fill the ${budget}-character budget`
    : `${path}: cut to ${cut.kept.toLocaleString('en-US')} of ${cut.total.toLocaleString('en-US')} characters (the instruction budget is ${budget})`;
}
