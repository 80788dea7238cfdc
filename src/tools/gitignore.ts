import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Ignore } from 'ignore';
import { loadFastGlob, loadIgnore } from './glob-deps';

/** Never listed: git's own data. */
export const ALWAYS_SKIPPED = ['**/.git', '**/.git/**'];

interface Level {
  /** Folder of the .gitignore, relative to the root, posix, '' for the root. */
  dir: string;
  rules: Ignore;
  lines: string[];
}

function parseLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/(?<!\\)\s+$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Lines simple enough to turn into fast-glob ignore patterns verbatim. */
const SIMPLE_LINE = /^\/?[\w.\-*/ ]+$/;

/** fast-glob ignore patterns equivalent to one .gitignore line (directory pruning only). */
function pruneGlobs(dir: string, line: string): string[] {
  const prefix = dir === '' ? '' : `${dir}/`;
  const dirOnly = line.endsWith('/');
  const body = line.replace(/\/+$/, '');
  // A slash at the start or in the middle anchors the line to its folder.
  const anchored = body.includes('/');
  const base = anchored ? `${prefix}${body.replace(/^\//, '')}` : `${prefix}**/${body}`;
  return dirOnly ? [`${base}/**`] : [base, `${base}/**`];
}

/**
 * The .gitignore rules of a folder tree: the root's and every nested one (each
 * applying to its own folder, deeper ones winning, as git does).
 */
export class GitignoreRules {
  private constructor(private readonly levels: Level[]) {}

  static async load(root: string): Promise<GitignoreRules> {
    const levels: Level[] = [];
    const fg = await loadFastGlob();
    const rootLevel = await loadLevel(root, '');
    if (rootLevel) levels.push(rootLevel);
    const found = await fg('**/.gitignore', {
      cwd: root,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      suppressErrors: true,
      ignore: [...ALWAYS_SKIPPED, '.gitignore', ...new GitignoreRules(levels).pruneGlobs()],
    });
    const rules = new GitignoreRules(levels);
    for (const file of found.sort((a, b) => a.split('/').length - b.split('/').length)) {
      const dir = path.posix.dirname(file);
      if (rules.ignores(dir, true)) continue;
      const level = await loadLevel(root, dir);
      if (level) levels.push(level);
    }
    return rules;
  }

  /** Whether `relPath` (posix, relative to the root) is ignored. */
  ignores(relPath: string, isDir = false): boolean {
    let ignored = false;
    for (const level of this.levels) {
      if (level.dir !== '' && !relPath.startsWith(`${level.dir}/`)) continue;
      const rel = level.dir === '' ? relPath : relPath.slice(level.dir.length + 1);
      const result = level.rules.test(isDir ? `${rel}/` : rel);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }

  /**
   * Patterns that let fast-glob skip ignored folders (node_modules, dist) instead
   * of walking them. Only when no rule re-includes anything: a `!` line could
   * bring back a file the pruning would drop. `ignores` stays the final word.
   */
  pruneGlobs(): string[] {
    const lines = this.levels.flatMap((level) => level.lines);
    if (lines.some((line) => line.startsWith('!'))) return [];
    return this.levels.flatMap((level) =>
      level.lines.filter((line) => SIMPLE_LINE.test(line)).flatMap((l) => pruneGlobs(level.dir, l)),
    );
  }
}

async function loadLevel(root: string, dir: string): Promise<Level | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(root, dir, '.gitignore'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = parseLines(text);
  const ignore = await loadIgnore();
  return { dir: dir === '.' ? '' : dir, rules: ignore().add(lines), lines };
}
