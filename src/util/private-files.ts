/**
 * tick's own files hold whatever the tools printed (a `.env` read, a token in a log), so
 * like ssh and gh it keeps them to their owner: folders 0700, files 0600.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and its missing parents) readable by its owner only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export async function makePrivateDirAsync(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Group and other permission bits. */
const OTHERS = 0o077;

function statOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Ours (root may tighten anything) and open to others: a symlink is never followed. */
function loose(stats: Stats): boolean {
  const uid = process.getuid?.();
  const ours = uid === undefined || uid === 0 || stats.uid === uid;
  return ours && !stats.isSymbolicLink() && (stats.mode & OTHERS) !== 0;
}

/** Takes group and other bits off everything under `path` (and itself); returns how many changed. */
function tightenTree(path: string): number {
  const stats = statOf(path);
  if (!stats || stats.isSymbolicLink()) return 0;
  let changed = 0;
  if (loose(stats)) {
    try {
      // The owner's bits stay as they were (a hook script keeps its x).
      chmodSync(path, stats.mode & 0o7700);
      changed += 1;
    } catch {
      // Not ours to change (another user's file): left as it is.
    }
  }
  if (stats.isDirectory()) {
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      names = [];
    }
    for (const name of names) changed += tightenTree(join(path, name));
  }
  return changed;
}

/**
 * Makes tick's data under `home` private when an older tick (or a umask) left it readable by
 * others: `home` itself, and everything under its `projects` (sessions, transcripts, kept
 * outputs) and `tasks` folders. Costs three stats when all is well. Returns the one line to
 * tell the user, or undefined when nothing changed.
 */
export function tightenTickHome(home: string): string | undefined {
  const roots = [join(home, 'projects'), join(home, 'tasks')];
  const homeStats = statOf(home);
  const looseRoots = roots.filter((root) => {
    const stats = statOf(root);
    return stats !== undefined && loose(stats);
  });
  let changed = 0;
  if (homeStats?.isDirectory() && loose(homeStats)) {
    try {
      chmodSync(home, homeStats.mode & 0o7700);
      changed += 1;
    } catch {
      // Not ours: the folders below are still tightened.
    }
  }
  for (const root of looseRoots) changed += tightenTree(root);
  if (changed === 0) return undefined;
  const what = changed === 1 ? '1 file or folder' : `${changed} files and folders`;
  const them = changed === 1 ? 'it' : 'them';
  return `made ${what} in ${home} private to you (others could read ${them}; tick keeps its folders 0700 and files 0600)`;
}
