import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../util/private-files';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** An object that is missing or whose content does not match its name. */
export class DamagedObjectError extends Error {}

export function hashOf(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Content-addressed objects (file contents, folder trees, saved conversations): each is
 * named by the SHA-256 of its content and kept deflated under `objects/ab/cdef…`. An object
 * is written to a temp file and renamed into place, so a reader (or a second tick process
 * writing the same object) sees it whole or not at all; objects never change once written.
 */
export class ObjectStore {
  /** Objects known to be on disk: checked once per process. */
  private readonly known = new Set<string>();

  constructor(readonly dir: string) {}

  private pathOf(hash: string): string {
    return join(this.dir, hash.slice(0, 2), hash.slice(2));
  }

  /** Stores `content` (unless it is there already) and returns its hash. */
  async put(content: Buffer, hash = hashOf(content)): Promise<string> {
    if (this.known.has(hash)) return hash;
    const target = this.pathOf(hash);
    if (!(await exists(target))) {
      await mkdir(join(this.dir, hash.slice(0, 2)), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Level 1: most of the saving for text at a fraction of the default's time.
      const packed = await deflate(content, { level: 1 });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, packed, { mode: PRIVATE_FILE_MODE });
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
    }
    this.known.add(hash);
    return hash;
  }

  /** The object's content, checked against its name. */
  async get(hash: string): Promise<Buffer> {
    let packed: Buffer;
    try {
      packed = await readFile(this.pathOf(hash));
    } catch (error) {
      throw new DamagedObjectError(`object ${hash.slice(0, 12)} is missing from the store`, {
        cause: error,
      });
    }
    let content: Buffer;
    try {
      content = await inflate(packed);
    } catch (error) {
      throw new DamagedObjectError(`object ${hash.slice(0, 12)} is damaged`, { cause: error });
    }
    if (hashOf(content) !== hash)
      throw new DamagedObjectError(`object ${hash.slice(0, 12)} is damaged (its content changed)`);
    this.known.add(hash);
    return content;
  }

  /** Forget what was checked (the store was replaced under us). */
  forget(): void {
    this.known.clear();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
