import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** Long workspace paths keep their tail readable; the hash keeps them apart. */
const MAX_READABLE_CHARS = 80;

/**
 * The folder name for a workspace: the path with non-alphanumerics replaced (like Claude
 * Code's `-work-main`) plus a short hash of the exact path, so `/a/b-c` and `/a/b/c` differ.
 */
export function workspaceSlug(cwd: string): string {
  const readable = cwd.replace(/[^a-zA-Z0-9]/g, '-');
  const hash = createHash('sha256').update(cwd).digest('hex').slice(0, 8);
  const clipped =
    readable.length > MAX_READABLE_CHARS ? readable.slice(-MAX_READABLE_CHARS) : readable;
  return `${clipped}-${hash}`;
}

/** `$TICK_HOME/projects/<slug>`: where a workspace's sessions live. */
export function sessionDir(home: string, cwd: string): string {
  return join(home, 'projects', workspaceSlug(cwd));
}

export function sessionFile(dir: string, id: string): string {
  return join(dir, `${id}.jsonl`);
}

export function lockFile(sessionPath: string): string {
  return sessionPath.replace(/\.jsonl$/, '.lock');
}

/** Session ids are file names: refuse anything that could leave the folder. */
export function isSafeSessionId(id: string): boolean {
  return /^[0-9a-zA-Z][0-9a-zA-Z_-]*$/.test(id);
}

/** The session's own folder, beside its log (`<id>/`): long tool outputs are kept there. */
export function sessionDataDir(sessionPath: string): string {
  return sessionPath.replace(/\.jsonl$/, '');
}
