import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';

async function existing(target: string): Promise<Stats | undefined> {
  try {
    return await stat(target);
  } catch {
    return undefined;
  }
}

/**
 * Writes `content` to `target` so a reader sees the old file or the new one,
 * never half of it: a temp file in the same folder, fsync, then rename over the
 * target. Parent folders are created; an existing file keeps its mode (and its
 * owner where permitted), a new one gets `mode` (default 0o666 minus the umask). `target` should be a real path: renaming onto a
 * symlink would replace the link instead of writing through it.
 */
export async function writeFileAtomic(
  target: string,
  content: string,
  options: { mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const old = await existing(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // New files get 0o666 minus the umask, as any editor would create them (or `mode`).
    const handle = await open(temp, 'wx', old ? 0o600 : (options.mode ?? 0o666));
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (old) {
      await chmod(temp, old.mode & 0o7777);
      if (old.uid !== process.getuid?.() || old.gid !== process.getgid?.()) {
        await chown(temp, old.uid, old.gid).catch(() => undefined);
      }
    }
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
