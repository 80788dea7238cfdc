import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAMPLE_FILES } from './sample/files';

/**
 * Copies the sample project into a new temp folder and returns its real path. The
 * demo works there, so the user's own files are never touched.
 */
export async function createDemoWorkspace(): Promise<string> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tick-demo-')));
  for (const [path, content] of Object.entries(SAMPLE_FILES)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return root;
}
