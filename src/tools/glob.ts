import path from 'node:path';
import type { Entry } from 'fast-glob';
import type { Tool } from './types';
import { object, string, type SchemaInput } from './schema';
import { loadFastGlob } from './glob-deps';
import { ALWAYS_SKIPPED, GitignoreRules } from './gitignore';
import { isInside, realPathOf, resolveInWorkspace } from './paths';
import { workspacePath } from './claude-fields';

/** Matches listed at most; the rest are counted. */
export const MAX_GLOB_RESULTS = 200;

const schema = object({
  pattern: string({
    minLength: 1,
    description: 'Glob pattern, relative to the workspace, e.g. "**/*.ts" or "src/**/test_*.py".',
  }),
});

type GlobInput = SchemaInput<typeof schema>;

export interface GlobBase {
  /** Absolute folder the pattern starts from (its leading literal segments). */
  base: string;
  /** The rest of the pattern, relative to `base`. */
  rest: string;
}

/** Splits a pattern into its literal leading folder and the part with wildcards. */
export function splitPattern(pattern: string, cwd: string): GlobBase {
  const segments = pattern.split('/');
  let literal = 0;
  // Conservative: any glob-ish character ends the literal part (an unbalanced `{a,b/c}` too).
  const isLiteral = (segment: string) => !/[*?[\]{}()!+@]/.test(segment);
  while (literal < segments.length - 1 && isLiteral(segments[literal])) literal += 1;
  const head = segments.slice(0, literal).join('/') || (pattern.startsWith('/') ? '/' : '.');
  return { base: resolveInWorkspace(head, cwd), rest: segments.slice(literal).join('/') };
}

/**
 * Where the search runs: inside the workspace it is the workspace itself (so its
 * .gitignore applies and results read as workspace paths); outside, the base.
 */
function searchRoot(pattern: string, cwd: string) {
  const { base, rest } = splitPattern(pattern, cwd);
  if (isInside(base, [cwd])) {
    const relBase = path.relative(cwd, base).split(path.sep).join('/');
    return { root: cwd, pattern: relBase ? `${relBase}/${rest}` : rest, inside: true };
  }
  return { root: base, pattern: rest, inside: false };
}

export const glob: Tool<typeof schema> = {
  name: 'glob',
  description:
    'Find files by glob pattern (`**` matches any folders, e.g. "**/*.py"). Dot files are ' +
    'included; .git and files ignored by .gitignore are skipped. Results are paths relative to ' +
    `the workspace, newest first, at most ${MAX_GLOB_RESULTS}.`,
  schema,
  look: { role: 'search', resultShape: 'list' },
  access: (input: GlobInput, ctx) => ({
    kind: 'read',
    paths: [realPathOf(splitPattern(input.pattern, ctx.cwd).base)],
  }),
  summary: (input: GlobInput) => input.pattern,
  async run(input, ctx) {
    const started = Date.now();
    const { root, pattern, inside } = searchRoot(input.pattern, ctx.cwd);
    let rules: GitignoreRules;
    let entries: Entry[];
    try {
      const fg = await loadFastGlob();
      rules = await GitignoreRules.load(root);
      entries = await fg(pattern, {
        cwd: root,
        dot: true,
        onlyFiles: true,
        stats: true,
        followSymbolicLinks: false,
        suppressErrors: true,
        ignore: [...ALWAYS_SKIPPED, ...rules.pruneGlobs()],
      });
    } catch (err) {
      return { output: `Error: glob failed: ${(err as Error).message}`, isError: true };
    }
    const kept = entries
      .filter((entry) => !rules.ignores(entry.path))
      .sort(
        (a, b) => (b.stats?.mtimeMs ?? 0) - (a.stats?.mtimeMs ?? 0) || a.path.localeCompare(b.path),
      );
    const listed = kept.slice(0, MAX_GLOB_RESULTS);
    // Claude Code's Glob result: absolute paths, and whether the list was cut.
    const claude = {
      response: {
        filenames: listed.map((entry) => path.join(root, entry.path)),
        durationMs: Date.now() - started,
        numFiles: listed.length,
        truncated: kept.length > MAX_GLOB_RESULTS,
      },
    };
    if (kept.length === 0) return { output: '(no matches)', display: { matches: 0 }, claude };
    const shown = listed.map((entry) => (inside ? entry.path : path.join(root, entry.path)));
    if (kept.length > MAX_GLOB_RESULTS)
      shown.push(`... and ${kept.length - MAX_GLOB_RESULTS} more`);
    return { output: shown.join('\n'), display: { matches: kept.length }, claude };
  },
  claude: {
    name: 'Glob',
    // Claude Code's Glob takes the folder apart (`path`); an absolute pattern is split so.
    toolInput: (input, ctx) => {
      if (!path.isAbsolute(input.pattern)) return { pattern: input.pattern };
      const { base, rest } = splitPattern(input.pattern, ctx.cwd);
      return { pattern: rest, path: base };
    },
    fromToolInput: (toolInput, ctx) => {
      const { pattern, path: folder } = toolInput;
      if (typeof pattern !== 'string' || typeof folder !== 'string' || path.isAbsolute(pattern)) {
        return { pattern };
      }
      const joined = path.join(resolveInWorkspace(folder, ctx.cwd), pattern);
      return { pattern: workspacePath(joined, ctx.cwd) };
    },
  },
};
