import { readFile } from 'node:fs/promises';
import type { Tool, ToolResult } from './types';
import { boolean, object, optional, string, type SchemaInput } from './schema';
import { writeFileAtomic } from './atomic-write';
import { diffFile } from './file-diff';
import { displayPath, realPathInWorkspace, realPathOf, resolveInWorkspace } from './paths';
import { MAX_READ_BYTES, formatSize, fsErrorText, probeTextFile } from './text-file';
import { absolutePath, defined, workspacePath } from './claude-fields';

/** The diff shown to the model after an edit is clamped to this many characters. */
const MAX_RESULT_DIFF_CHARS = 4_000;

const schema = object({
  path: string({ minLength: 1, description: 'File path, relative to the workspace or absolute.' }),
  old_text: string({
    description: 'The exact text to replace, including whitespace; it must match exactly once.',
  }),
  new_text: string({ description: 'The text to put in its place.' }),
  replace_all: optional(
    boolean({
      description: 'Replace every occurrence instead of requiring a unique match. Default false.',
    }),
  ),
});

type EditInput = SchemaInput<typeof schema>;

const fail = (output: string): ToolResult => ({ output, isError: true });

function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    count += 1;
  }
  return count;
}

/** A file counts as CRLF when most of its line breaks are. */
export function usesCrlf(text: string): boolean {
  const crlf = countOccurrences(text, '\r\n');
  return crlf > 0 && crlf * 2 >= countOccurrences(text, '\n');
}

const toCrlf = (s: string) => s.replace(/\r?\n/g, '\r\n');
const toLf = (s: string) => s.replace(/\r\n/g, '\n');
const squashSpace = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The old/new pair to apply: converted to the file's line endings first, as sent second. */
function pickVariant(text: string, input: EditInput) {
  const native = usesCrlf(text)
    ? { oldText: toCrlf(input.old_text), newText: toCrlf(input.new_text) }
    : { oldText: toLf(input.old_text), newText: toLf(input.new_text) };
  const variants = [native, { oldText: input.old_text, newText: input.new_text }];
  for (const variant of variants) {
    const count = countOccurrences(text, variant.oldText);
    if (count > 0) return { ...variant, count };
  }
  return { ...native, count: 0 };
}

function notFoundHint(text: string, oldText: string): string {
  if (/^\s*\d+\t/m.test(oldText)) {
    return '\nHint: old_text seems to contain read_file line numbers; leave the "   N<tab>" prefixes out.';
  }
  const wanted = squashSpace(oldText);
  if (wanted && squashSpace(text).includes(wanted)) {
    return (
      '\nHint: the text exists with different whitespace (indentation or line breaks); ' +
      'read_file the lines and copy them exactly.'
    );
  }
  return '';
}

function clampDiff(hunks: string): string {
  if (hunks.length <= MAX_RESULT_DIFF_CHARS) return hunks;
  const rest = hunks.length - MAX_RESULT_DIFF_CHARS;
  return `${hunks.slice(0, MAX_RESULT_DIFF_CHARS)}\n... [${rest} more characters of diff]`;
}

/** The edit worked out on the file's current text, nothing written yet. */
type PlannedEdit =
  | { ok: true; target: string; shown: string; text: string; updated: string; count: number }
  | { ok: false; error: string };

async function planEdit(input: EditInput, cwd: string): Promise<PlannedEdit> {
  const abs = resolveInWorkspace(input.path, cwd);
  const target = realPathOf(abs);
  const shown = displayPath(abs, cwd);
  const refuse = (error: string): PlannedEdit => ({ ok: false, error });
  if (input.old_text === '') {
    return refuse('Error: old_text is empty; use write_file to create or overwrite a whole file');
  }
  if (input.old_text === input.new_text) {
    return refuse('Error: old_text and new_text are identical; nothing to change');
  }
  const probe = await probeTextFile(target, shown);
  if (!probe.ok) return refuse(probe.error);
  if (probe.tooLarge) {
    return refuse(
      `Error: ${shown} is ${formatSize(probe.stats.size)}, over the ` +
        `${formatSize(MAX_READ_BYTES)} limit for editing; use bash (e.g. sed) instead`,
    );
  }
  let text: string;
  try {
    text = await readFile(target, 'utf8');
  } catch (err) {
    return refuse(fsErrorText(err, shown));
  }
  const { oldText, newText, count } = pickVariant(text, input);
  if (count === 0) {
    return refuse(`Error: old_text not found in ${shown}${notFoundHint(text, input.old_text)}`);
  }
  if (count > 1 && !input.replace_all) {
    return refuse(
      `Error: old_text matches ${count} places in ${shown}; add context or set replace_all`,
    );
  }
  const at = text.indexOf(oldText);
  const updated = input.replace_all
    ? text.split(oldText).join(newText)
    : text.slice(0, at) + newText + text.slice(at + oldText.length);
  return { ok: true, target, shown, text, updated, count };
}

export const edit_file: Tool<typeof schema> = {
  name: 'edit_file',
  description:
    'Replace exact text in a file. old_text must match the file exactly (whitespace included) ' +
    'and exactly once, unless replace_all is true; add surrounding lines to make it unique. ' +
    'Line endings are kept (CRLF files stay CRLF). Returns a diff of the change.',
  schema,
  look: { role: 'edit', resultShape: 'diff' },
  access: (input: EditInput, ctx) => ({
    kind: 'write',
    paths: [realPathInWorkspace(input.path, ctx.cwd)],
  }),
  summary: (input: EditInput) => input.path,
  /** The change as a diff, read from the file as it is now; nothing is written. */
  async preview(input, ctx) {
    const plan = await planEdit(input, ctx.cwd);
    if (!plan.ok) return undefined;
    const diff = await diffFile(plan.shown, plan.text, plan.updated);
    return diff ? { diff: diff.diff } : undefined;
  },
  async run(input, ctx) {
    const plan = await planEdit(input, ctx.cwd);
    if (!plan.ok) return fail(plan.error);
    const { target, shown, text, updated, count } = plan;
    const abs = resolveInWorkspace(input.path, ctx.cwd);
    try {
      await writeFileAtomic(target, updated);
    } catch (err) {
      return fail(`Error: cannot write ${shown}: ${(err as Error).message}`);
    }
    const diff = await diffFile(shown, text, updated);
    const replacements = count > 1 ? ` (${count} replacements)` : '';
    // Claude Code's Edit result, as its PostToolUse hooks read it.
    const claude = {
      response: {
        filePath: abs,
        oldString: input.old_text,
        newString: input.new_text,
        originalFile: text,
        structuredPatch: diff?.structured ?? [],
        userModified: false,
        replaceAll: input.replace_all ?? false,
      },
    };
    if (!diff) return { output: `Edited ${shown}${replacements}`, claude };
    return {
      output: `Edited ${shown}: +${diff.added} -${diff.removed} lines${replacements}\n${clampDiff(diff.hunks)}`,
      display: { diff: diff.diff },
      claude,
    };
  },
  claude: {
    name: 'Edit',
    // Hooks written for MultiEdit (Claude Code's retired many-edit tool) see edit_file too.
    aliases: ['MultiEdit'],
    toolInput: (input, ctx) => ({
      file_path: absolutePath(input.path, ctx.cwd),
      old_string: input.old_text,
      new_string: input.new_text,
      replace_all: input.replace_all ?? false,
    }),
    fromToolInput: (toolInput, ctx) =>
      defined({
        path: workspacePath(toolInput.file_path, ctx.cwd),
        old_text: toolInput.old_string,
        new_text: toolInput.new_string,
        replace_all: toolInput.replace_all,
      }),
  },
};
