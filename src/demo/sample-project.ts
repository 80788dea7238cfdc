import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAMPLE_FILES } from './sample/files';

/** The demo's scratch copy of the sample project. */
export interface DemoWorkspace {
  /** Its real path. */
  root: string;
  /** Deletes it (on a clean exit: nothing of the demo stays in the temp folder). */
  remove(): Promise<void>;
}

/**
 * Copies the sample project into a new temp folder. The demo works there, so the user's
 * own files are never touched.
 */
export async function createDemoWorkspace(): Promise<DemoWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tick-demo-')));
  for (const [path, content] of Object.entries(SAMPLE_FILES)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
