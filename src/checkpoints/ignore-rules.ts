import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ignore } from 'ignore';
import { loadIgnore } from '../tools/glob-deps';

/**
 * Folders of installed dependencies and caches, left out of snapshots even without a
 * .gitignore saying so (a `!` line in a .gitignore brings one back): they are rebuilt, not
 * written, and would make the first snapshot huge.
 */
export const BUILT_IN_IGNORES = [
  'node_modules/',
  '.venv/',
  '__pycache__/',
  '.tox/',
  '.mypy_cache/',
  '.pytest_cache/',
  '.gradle/',
];

function ruleLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/(?<!\\)\s+$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'));
}

async function readRules(file: string): Promise<string[] | undefined> {
  try {
    return ruleLines(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * What a snapshot leaves out, as git would: `.git` itself, the root's `.git/info/exclude`,
 * and every folder's `.gitignore` (applying below its folder, deeper ones winning), plus
 * BUILT_IN_IGNORES. Folders' rules are read as the walk reaches them.
 */
export class IgnoreRules {
  /** `.gitignore` rules by the folder they apply below ('' is the root). */
  private readonly folders = new Map<string, Ignore>();

  private constructor(
    private readonly root: string,
    private readonly make: () => Ignore,
    /** The built-in list and the root's info/exclude, before any .gitignore. */
    private readonly base: Ignore[],
  ) {}

  static async load(root: string): Promise<IgnoreRules> {
    const ignore = await loadIgnore();
    const base = [ignore().add(BUILT_IN_IGNORES)];
    const exclude = await readRules(join(root, '.git', 'info', 'exclude'));
    if (exclude?.length) base.push(ignore().add(exclude));
    const rules = new IgnoreRules(root, () => ignore(), base);
    await rules.readFolder('');
    return rules;
  }

  /** Reads (again) the `.gitignore` of a folder (relative, posix; '' for the root). */
  async readFolder(dir: string): Promise<void> {
    const lines = await readRules(join(this.root, dir, '.gitignore'));
    if (lines?.length) this.folders.set(dir, this.make().add(lines));
    else this.folders.delete(dir);
  }

  /** A folder is gone: its rules and those below it go with it. */
  forgetFolder(dir: string): void {
    for (const key of [...this.folders.keys()])
      if (key === dir || key.startsWith(`${dir}/`)) this.folders.delete(key);
  }

  /** Whether `path` (relative to the root, posix) is left out of snapshots. */
  ignores(path: string, isDir: boolean): boolean {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name === '.git') return true;
    const subject = isDir ? `${path}/` : path;
    let ignored = false;
    const apply = (rules: Ignore, relative: string) => {
      const result = rules.test(relative);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    };
    for (const rules of this.base) apply(rules, subject);
    // Outermost folder first, so a deeper .gitignore has the last word.
    let at = 0;
    for (;;) {
      const dir = path.slice(0, at === 0 ? 0 : at - 1);
      const rules = this.folders.get(dir);
      if (rules) apply(rules, subject.slice(at));
      const next = path.indexOf('/', at);
      if (next < 0) break;
      at = next + 1;
    }
    return ignored;
  }
}
