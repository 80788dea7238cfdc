import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of real material written by others (`shared/corpora`), which sits beside
 * the checkout (`../shared/corpora`), or higher up for a git worktree, or beside the
 * checkout a local clone was made from (a clean clone in a temporary folder). `TICK_CORPORA`
 * names it explicitly. Throws when it cannot be found: a corpus test must not pass
 * silently without its corpus.
 */
export function corporaDir(): string {
  return findCorporaDir(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'));
}

/** The same search, starting from a checkout's root (`npm run corpus` passes its own). */
export function findCorporaDir(checkout: string): string {
  const fromEnv = process.env.TICK_CORPORA;
  if (fromEnv) return resolve(fromEnv);
  const origin = localOrigin(checkout);
  const found = searchUp(checkout) ?? (origin === undefined ? undefined : searchUp(origin));
  if (found) return found;
  throw new Error('shared/corpora not found beside the checkout; set TICK_CORPORA');
}

/** `shared/corpora` in the folder or one of its parents. */
function searchUp(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, 'shared', 'corpora');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The folder a clone was made from, when its origin is a path on this machine. */
function localOrigin(checkout: string): string | undefined {
  try {
    const url = execFileSync('git', ['config', '--get', 'remote.origin.url'], {
      cwd: checkout,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return url.startsWith('/') && existsSync(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A file or folder inside the corpora, e.g. `corpus('shell', 'index.tsv')`. */
export function corpus(...parts: string[]): string {
  return join(corporaDir(), ...parts);
}
