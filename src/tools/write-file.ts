import { readFile, stat } from 'node:fs/promises';
import type { Tool } from './types';
import { object, string, type SchemaInput } from './schema';
import { writeFileAtomic } from './atomic-write';
import { diffFile } from './file-diff';
import { displayPath, realPathInWorkspace, realPathOf, resolveInWorkspace } from './paths';
import { MAX_READ_BYTES } from './text-file';
import { absolutePath, workspacePath } from './claude-fields';

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

/** What is at the path now: a directory, or the text to diff against (see previousText). */
async function current(
  target: string,
): Promise<{ directory: true } | { old: string | undefined; existed: boolean }> {
  try {
    if ((await stat(target)).isDirectory()) return { directory: true };
    return { old: await previousText(target), existed: true };
  } catch {
    // Missing: a new file, diffed against ''.
    return { old: '', existed: false };
  }
}

export const write_file: Tool<typeof schema> = {
  name: 'write_file',
  description:
    'Create or overwrite a file with the given content. Parent folders are created; an ' +
    'existing file keeps its permissions. Prefer edit_file for changing part of a file.',
  schema,
  look: { role: 'edit', resultShape: 'diff' },
  access: (input: WriteInput, ctx) => ({
    kind: 'write',
    paths: [realPathInWorkspace(input.path, ctx.cwd)],
  }),
  summary: (input: WriteInput) => input.path,
  /** The new content (a new file) or the change, as a diff; nothing is written. */
  async preview(input, ctx) {
    const abs = resolveInWorkspace(input.path, ctx.cwd);
    const now = await current(realPathOf(abs));
    if ('directory' in now || now.old === undefined) return undefined;
    if (Buffer.byteLength(input.content, 'utf8') > MAX_READ_BYTES) return undefined;
    const diff = await diffFile(displayPath(abs, ctx.cwd), now.old, input.content);
    return diff ? { diff: diff.diff } : undefined;
  },
  async run(input, ctx) {
    const abs = resolveInWorkspace(input.path, ctx.cwd);
    const target = realPathOf(abs);
    const shown = displayPath(abs, ctx.cwd);
    const now = await current(target);
    if ('directory' in now) {
      return { output: `Error: ${shown} is a directory; give a file path`, isError: true };
    }
    const { old, existed } = now;
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
      // Claude Code's Write result: a new file has no patch and `originalFile: null`.
      claude: {
        response: {
          type: existed ? 'update' : 'create',
          filePath: abs,
          content: input.content,
          structuredPatch: existed ? (diff?.structured ?? []) : [],
          originalFile: existed ? (old ?? null) : null,
        },
      },
    };
  },
  claude: {
    name: 'Write',
    toolInput: (input, ctx) => ({
      file_path: absolutePath(input.path, ctx.cwd),
      content: input.content,
    }),
    fromToolInput: (toolInput, ctx) => ({
      path: workspacePath(toolInput.file_path, ctx.cwd),
      content: toolInput.content,
    }),
  },
};
