/**
 * Keeps a file tick writes for one user (`.tick/settings.local.json`) out of git, the way
 * Claude Code keeps its local settings out: a line in the repository's `info/exclude`,
 * which is never committed, so the user's tracked `.gitignore` is left alone.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

interface Repository {
  /** The work tree's root: the folder holding `.git`. */
  root: string;
  /** Where `info/exclude` lives: the main `.git` folder, shared by linked worktrees. */
  commonDir: string;
}

/** The repository whose work tree holds `path`, found by walking up to a `.git`. */
function findRepository(path: string): Repository | undefined {
  for (let dir = path; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const gitDir = gitDirAt(dotGit);
    if (gitDir) return { root: dir, commonDir: commonDirOf(gitDir) };
    if (dirname(dir) === dir) return undefined;
  }
}

/** `.git` is the git folder itself, or (linked worktree, submodule) a file naming it. */
function gitDirAt(dotGit: string): string | undefined {
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    return match ? resolve(dirname(dotGit), match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function commonDirOf(gitDir: string): string {
  try {
    const common = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    return isAbsolute(common) ? common : resolve(gitDir, common);
  } catch {
    return gitDir;
  }
}

/**
 * Adds `file` (anchored to the work tree's root) to the repository's `info/exclude` unless
 * the line is there. Returns the exclude file when it changed it. Outside a repository, or
 * when the exclude file cannot be written, nothing happens: the file simply stays visible.
 */
export function excludeFromGit(file: string): string | undefined {
  const repo = findRepository(dirname(file));
  if (!repo) return undefined;
  const pattern = `/${relative(repo.root, file).split(sep).join('/')}`;
  const exclude = join(repo.commonDir, 'info', 'exclude');
  try {
    const current = existsSync(exclude) ? readFileSync(exclude, 'utf8') : '';
    if (current.split(/\r?\n/).some((line) => line.trim() === pattern)) return undefined;
    mkdirSync(dirname(exclude), { recursive: true });
    const lead = current === '' || current.endsWith('\n') ? '' : '\n';
    appendFileSync(exclude, `${lead}# tick: personal settings (not shared)\n${pattern}\n`);
    return exclude;
  } catch {
    return undefined;
  }
}
