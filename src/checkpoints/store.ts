import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workspaceSlug } from '../session/paths';
import { withFolderLock } from '../util/folder-lock';
import { ObjectStore } from './objects';
import { TreeReader } from './trees';
import type { PointRecord } from './types';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../util/private-files';

/** The store cannot be used (damaged, unwritable, removed); the message says where and why. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** `$TICK_HOME/checkpoints/<workspace-slug>`: a workspace's store (the slug as for sessions). */
export function checkpointDir(home: string, workspace: string): string {
  return join(home, 'checkpoints', workspaceSlug(workspace));
}

interface StoreHeader {
  v: 1;
  workspace: string;
  createdAt: number;
  /** Changes when the store is made anew: caches of an older one are not trusted. */
  epoch: string;
}

const HEADER = 'store.json';
const POINTS = 'points.jsonl';
const LOCK = 'lock';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A workspace's checkpoint store, outside the workspace: `objects/` (contents and trees,
 * see objects.ts), `points.jsonl` (one point per line, numbered from 1), `index/` (caches
 * of files' hashes by stat, so a new session does not read every file again) and
 * `store.json`. Points are numbered and appended under a lock (proper-lockfile), so two
 * tick processes on one workspace share the store without corrupting it; objects need no
 * lock (each is written whole under its own name).
 */
export class CheckpointStore {
  readonly objects: ObjectStore;
  readonly trees: TreeReader;
  /** Lines of points.jsonl that could not be read (said once each). */
  readonly problems: string[] = [];
  private loaded: PointRecord[] = [];
  /** How much of points.jsonl has been read. */
  private readOffset = 0;
  /** points.jsonl ends in a line without its newline (a crash mid-write). */
  private tornTail = false;

  private constructor(
    readonly dir: string,
    private readonly epoch: string,
  ) {
    this.objects = new ObjectStore(join(dir, 'objects'));
    this.trees = new TreeReader(this.objects);
  }

  /** Opens the workspace's store, making it when there is none. Throws StoreError. */
  static async open(home: string, workspace: string): Promise<CheckpointStore> {
    const dir = checkpointDir(home, workspace);
    try {
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    } catch (error) {
      throw new StoreError(`cannot make the checkpoint store ${dir}: ${errorText(error)}`);
    }
    const header =
      (await readHeader(dir)) ??
      (await withStoreLock(dir, async () => (await readHeader(dir)) ?? makeHeader(dir, workspace)));
    return new CheckpointStore(dir, header.epoch);
  }

  /** Throws StoreError when the store was removed or replaced since it was opened. */
  async check(): Promise<void> {
    const header = await readHeader(this.dir).catch((error: unknown) => {
      throw error instanceof StoreError ? error : new StoreError(errorText(error));
    });
    if (!header) throw new StoreError(`the checkpoint store ${this.dir} was removed`);
    if (header.epoch !== this.epoch)
      throw new StoreError(`the checkpoint store ${this.dir} was replaced by another one`);
  }

  /** Every point, oldest first (reading only what was appended since the last call). */
  async points(): Promise<readonly PointRecord[]> {
    let text: Buffer;
    try {
      const handle = await open(join(this.dir, POINTS), 'r');
      try {
        const { size } = await handle.stat();
        text = Buffer.alloc(Math.max(0, size - this.readOffset));
        await handle.read(text, 0, text.length, this.readOffset);
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.loaded;
      throw new StoreError(`cannot read ${join(this.dir, POINTS)}: ${errorText(error)}`);
    }
    // A line is whole once its newline is written; a torn last line waits (or stays torn).
    const end = text.lastIndexOf(0x0a) + 1;
    for (const line of text.subarray(0, end).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      const point = parsePoint(line);
      if (point) this.loaded.push(point);
      else this.problems.push(`a line of ${POINTS} is not a point and was skipped`);
    }
    this.readOffset += end;
    this.tornTail = end < text.length;
    return this.loaded;
  }

  async point(id: number): Promise<PointRecord | undefined> {
    return (await this.points()).find((point) => point.id === id);
  }

  /** Appends a point, numbered after every point already there (any process's). */
  async append(point: Omit<PointRecord, 'id'>): Promise<PointRecord> {
    return withStoreLock(this.dir, async () => {
      const known = await this.points();
      const record: PointRecord = { id: (known.at(-1)?.id ?? 0) + 1, ...point };
      const file = join(this.dir, POINTS);
      // A torn last line (a crash mid-write) must not swallow this one.
      await appendFile(file, `${this.tornTail ? '\n' : ''}${JSON.stringify(record)}\n`, {
        mode: PRIVATE_FILE_MODE,
      });
      await this.points();
      return record;
    });
  }

  /** A saved index of a root (see RootIndex.cache), when it belongs to this store. */
  async readCache<T>(key: string): Promise<T | undefined> {
    try {
      const saved = JSON.parse(await readFile(this.cacheFile(key), 'utf8')) as {
        epoch?: string;
        files?: T;
      };
      return saved.epoch === this.epoch ? saved.files : undefined;
    } catch {
      return undefined;
    }
  }

  async writeCache(key: string, files: unknown): Promise<void> {
    const file = this.cacheFile(key);
    await mkdir(join(this.dir, 'index'), { recursive: true, mode: PRIVATE_DIR_MODE });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, JSON.stringify({ epoch: this.epoch, files }), {
        mode: PRIVATE_FILE_MODE,
      });
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  private cacheFile(key: string): string {
    return join(this.dir, 'index', `${workspaceSlug(key)}.json`);
  }
}

function withStoreLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  return withFolderLock(dir, LOCK, work).catch((error: unknown) => {
    throw error instanceof StoreError
      ? error
      : new StoreError(`cannot lock the checkpoint store ${dir}: ${errorText(error)}`);
  });
}

async function readHeader(dir: string): Promise<StoreHeader | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, HEADER), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StoreError(`cannot read ${join(dir, HEADER)}: ${errorText(error)}`);
  }
  let value: Partial<StoreHeader> | undefined;
  try {
    value = JSON.parse(text) as Partial<StoreHeader>;
  } catch {
    value = undefined;
  }
  if (!value || typeof value !== 'object' || typeof value.epoch !== 'string')
    throw new StoreError(
      `the checkpoint store ${dir} is damaged: ${HEADER} is not a store header (move the folder away to start a new store)`,
    );
  if (value.v !== 1)
    throw new StoreError(`the checkpoint store ${dir} was made by a newer tick (v${value.v})`);
  return value as StoreHeader;
}

async function makeHeader(dir: string, workspace: string): Promise<StoreHeader> {
  const header: StoreHeader = {
    v: 1,
    workspace,
    createdAt: Date.now(),
    epoch: randomBytes(8).toString('hex'),
  };
  const temp = join(dir, `${HEADER}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, `${JSON.stringify(header)}\n`, { mode: PRIVATE_FILE_MODE });
  await rename(temp, join(dir, HEADER));
  return header;
}

function parsePoint(line: string): PointRecord | undefined {
  try {
    const value = JSON.parse(line) as Partial<PointRecord>;
    const valid =
      typeof value.id === 'number' &&
      typeof value.t === 'number' &&
      typeof value.session === 'string' &&
      (value.kind === 'call' || value.kind === 'rewind') &&
      Array.isArray(value.roots) &&
      value.roots.every((root) => typeof root?.root === 'string' && typeof root.tree === 'string');
    return valid ? (value as PointRecord) : undefined;
  } catch {
    return undefined;
  }
}
