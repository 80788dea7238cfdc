import { homedir } from 'node:os';
import { relative, sep } from 'node:path';
import { readFile } from 'node:fs/promises';

/** Something in a user's file tick could not use as written; the rest of the file still works. */
export interface ExtensionWarning {
  /** The file, absolute. */
  file: string;
  /** 1-based line, when the problem has one. */
  line?: number;
  message: string;
}

/**
 * One line for the screen: `.claude/agents/x.md:4: tools: Grep is not a tool tick has`.
 * Paths inside the workspace are shown relative to it, the home folder as `~`.
 */
export function formatWarning(warning: ExtensionWarning, cwd: string): string {
  const where = warning.line
    ? `${shortPath(warning.file, cwd)}:${warning.line}`
    : shortPath(warning.file, cwd);
  return `${where}: ${warning.message}`;
}

/** A path as the user reads it: relative inside the workspace, `~/...` under home. */
export function shortPath(file: string, cwd: string): string {
  const inside = relative(cwd, file);
  if (inside && !inside.startsWith('..') && !inside.startsWith(sep)) return inside;
  const home = homedir();
  const underHome = relative(home, file);
  if (underHome && !underHome.startsWith('..')) return `~/${underHome}`;
  return file;
}

/** Collects warnings, each (file, line, message) once. */
export class WarningList {
  private readonly seen = new Set<string>();
  readonly items: ExtensionWarning[] = [];

  add(warning: ExtensionWarning): void {
    const key = `${warning.file}\0${warning.line ?? ''}\0${warning.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(warning);
  }
}

/** A setup file's text; undefined, with a warning naming the file, when it cannot be read. */
export async function readSetupFile(
  file: string,
  warnings: WarningList,
): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    warnings.add({ file, message: `not loaded: ${(error as Error).message}` });
    return undefined;
  }
}
