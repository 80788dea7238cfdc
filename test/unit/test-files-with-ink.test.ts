import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { expect, test } from 'vitest';
import { INK_TEST_FILES } from '../../vitest.config';

/*
 * Only the files in vitest.config.ts's INK_TEST_FILES run with the app's Ink patches
 * installed. A test file that loads Ink in the test process (directly, or through the
 * project's files it imports) must be one of them, or it would render through Ink's own
 * path, not the app's.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The packages that are Ink, and Ink's own files reached by path (src/cli/ink-patches.ts). */
const INK = /^(ink|ink-testing-library|ink-spinner)(\/|$)|node_modules\/ink\//;
/** Run-time imports and `import()`: `import type` is erased and loads nothing. */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'|import\('([^']+)'\)/gm;

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

interface Imports {
  /** The file imports Ink itself. */
  ink: boolean;
  /** The project's files it imports. */
  local: string[];
}

const parsed = new Map<string, Imports>();

function importsOf(file: string): Imports {
  let imports = parsed.get(file);
  if (imports) return imports;
  const specs = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
  imports = {
    ink: specs.some((spec) => INK.test(spec)),
    local: specs
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveImport(file, spec))
      .filter((path): path is string => path !== undefined && /\.tsx?$/.test(path))
      .filter((path) => !path.includes('node_modules')),
  };
  parsed.set(file, imports);
  return imports;
}

/** Whether loading `file` loads Ink, through any chain of the project's files. */
function loadsInk(file: string): boolean {
  const seen = new Set([file]);
  const queue = [file];
  for (const next of queue) {
    const { ink, local } = importsOf(next);
    if (ink) return true;
    for (const path of local) {
      if (seen.has(path)) continue;
      seen.add(path);
      queue.push(path);
    }
  }
  return false;
}

test('every test file that loads Ink runs with the Ink patches installed', () => {
  const withPatches = new Set(fg.sync(INK_TEST_FILES, { cwd: ROOT }));
  const testFiles = fg.sync('test/**/*.test.{ts,tsx}', { cwd: ROOT });
  const loading = testFiles.filter((file) => loadsInk(join(ROOT, file)));
  expect(loading.filter((file) => !withPatches.has(file))).toEqual([]);
});

test('the check follows imports through the project’s files', () => {
  // app-keys.test.tsx does not import Ink itself: it renders through helpers.tsx.
  expect(loadsInk(join(ROOT, 'test/component/app-keys.test.tsx'))).toBe(true);
  expect(loadsInk(join(ROOT, 'test/unit/version.test.ts'))).toBe(false);
});
