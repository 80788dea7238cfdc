import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Symlink hops followed by hand before giving up (the kernel's own limit is 40). */
const MAX_LINK_HOPS = 40;

/** `~` and `~/x` expanded, then resolved against the workspace. No symlinks are followed. */
export function resolveInWorkspace(p: string, cwd: string): string {
  let expanded = p;
  if (p === '~') expanded = homedir();
  else if (p.startsWith('~/')) expanded = path.join(homedir(), p.slice(2));
  return path.resolve(cwd, expanded);
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The real absolute path of `p`: every symlink resolved, `..` applied after the
 * links (as the kernel does). For a path that does not exist yet, the nearest
 * existing parent is resolved and the rest appended; a dangling symlink on the
 * way is followed to where it points, because writing through it lands there.
 */
export function realPathOf(p: string, hops = 0): string {
  const abs = path.resolve(p);
  try {
    return realpathSync.native(abs);
  } catch (err) {
    if (!isMissing(err)) return abs;
  }
  const parent = path.dirname(abs);
  const name = path.basename(abs);
  if (parent === abs) return abs;
  const realParent = realPathOf(parent, hops);
  const candidate = path.join(realParent, name);
  try {
    if (lstatSync(candidate).isSymbolicLink() && hops < MAX_LINK_HOPS) {
      const target = readlinkSync(candidate);
      return realPathOf(path.resolve(realParent, target), hops + 1);
    }
  } catch {
    // Missing: the path is new; `candidate` is where it would be created.
  }
  return candidate;
}

/** True when `realPath` is one of the roots or below one (roots are resolved to real paths). */
export function isInside(realPath: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const rel = path.relative(realPathOf(root), realPath);
    return (
      rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel))
    );
  });
}

/** The path as the model should see it: relative to the workspace when inside, else absolute. */
export function displayPath(absPath: string, cwd: string): string {
  const rel = path.relative(cwd, absPath);
  if (rel === '') return '.';
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return absPath;
  return rel;
}

/** Resolved and real path of a tool's `path` argument, in one step. */
export function realPathInWorkspace(p: string, cwd: string): string {
  return realPathOf(resolveInWorkspace(p, cwd));
}
