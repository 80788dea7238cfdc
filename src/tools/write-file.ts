import { readFile, stat } from 'node:fs/promises';
import type { Tool } from './types';
import { object, string, type SchemaInput } from './schema';
import { writeFileAtomic } from './atomic-write';
import { diffFile } from './file-diff';
import { displayPath, realPathInWorkspace, realPathOf, resolveInWorkspace } from './paths';
import { MAX_READ_BYTES } from './text-file';

const schema = object({
  path: string({ minLength: 1, description: 'File path, relative to the workspace or absolute.' }),
  content: string({ description: 'The complete new content of the file.' }),
});

type WriteInput = SchemaInput<typeof schema>;

/** The current text of `target` for the diff; '' when new, undefined when not diffable. */
async function previousText(target: string): Promise<string | undefined> {
  const stats = await stat(target);
  if (stats.size > MAX_READ_BYTES) return undefined;
  const text = await readFile(target, 'utf8');
  return text.includes('\0') ? undefined : text;
}

export const write_file: Tool<typeof schema> = {
  name: 'write_file',
  description:
    'Create or overwrite a file with the given content. Parent folders are created; an ' +
    'existing file keeps its permissions. Prefer edit_file for changing part of a file.',
  schema,
  presentation: { kind: 'edit', shape: 'diff' },
  access: (input: WriteInput, ctx) => ({
    kind: 'write',
    paths: [realPathInWorkspace(input.path, ctx.cwd)],
  }),
  summary: (input: WriteInput) => input.path,
  async run(input, ctx) {
    const abs = resolveInWorkspace(input.path, ctx.cwd);
    const target = realPathOf(abs);
    const shown = displayPath(abs, ctx.cwd);
    let old: string | undefined = '';
    try {
      if ((await stat(target)).isDirectory()) {
        return { output: `Error: ${shown} is a directory; give a file path`, isError: true };
      }
      old = await previousText(target);
    } catch {
      // Missing: a new file, diffed against ''.
    }
    try {
      await writeFileAtomic(target, input.content);
    } catch (err) {
      return { output: `Error: cannot write ${shown}: ${(err as Error).message}`, isError: true };
    }
    const bytes = Buffer.byteLength(input.content, 'utf8');
    const diff = old === undefined ? undefined : await diffFile(shown, old, input.content);
    return {
      output: `Wrote ${bytes} bytes to ${shown}`,
      display: diff ? { diff: diff.diff } : undefined,
    };
  },
};
