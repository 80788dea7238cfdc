/**
 * Where a project's files are looked for: the workspace and the folders above it up to the
 * git root (the first folder holding `.git`) or, outside a repository, up to the home folder;
 * and the user's own folder, `$TICK_HOME`.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The workspace and its parents up to the git root or home, outermost first. */
export function projectFolders(cwd: string, home: string): string[] {
  const chain: string[] = [];
  let dir = cwd;
  for (;;) {
    chain.push(dir);
    if (existsSync(join(dir, '.git')) || dir === home) break;
    const parent = dirname(dir);
    if (parent === dir) return [cwd];
    dir = parent;
  }
  // Outside any repository and outside home: the workspace alone.
  const last = chain[chain.length - 1];
  if (!existsSync(join(last, '.git')) && last !== home) return [cwd];
  return chain.reverse();
}

/** The folders from just below `root` down to `dir`, outermost first (none when not below). */
export function foldersBetween(root: string, dir: string): string[] {
  const rel = relative(root, dir);
  if (!rel || rel.startsWith('..') || rel.startsWith(sep)) return [];
  const parts = rel.split(sep);
  return parts.map((_, i) => join(root, ...parts.slice(0, i + 1)));
}
