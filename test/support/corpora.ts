import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of real material written by others (`shared/corpora`), which sits beside
 * the checkout (`../shared/corpora`), or higher up for a git worktree. `TICK_CORPORA`
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
  let dir = resolve(checkout);
  for (;;) {
    const candidate = join(dir, 'shared', 'corpora');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error('shared/corpora not found beside the checkout; set TICK_CORPORA');
}

/** A file or folder inside the corpora, e.g. `corpus('shell', 'index.tsv')`. */
export function corpus(...parts: string[]): string {
  return join(corporaDir(), ...parts);
}
