import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/*
 * The import graph points one way: components -> app (the driver) -> store -> agent -> the
 * rest (model, tools, hooks, permissions, todos, session, ...); only the CLI mounts components. Checked over
 * the imports that run (`import type` is erased and may point anywhere).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/**
 * Each file's run-time imports of the project's own files; with `lazy`, `import()` too
 * (it loads later, on first use, so a cycle through it does not bite at load time).
 */
function runtimeGraph(lazy: boolean): Map<string, string[]> {
  const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'components'))];
  const graph = new Map<string, string[]>();
  const importFrom = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm;
  const dynamic = /import\('(\.[^']+)'\)/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const matches = [...text.matchAll(importFrom), ...(lazy ? text.matchAll(dynamic) : [])];
    const specs = matches.map((m) => m[1]);
    graph.set(
      file,
      specs
        .map((spec) => resolveImport(file, spec))
        .filter((path): path is string => path !== undefined && !path.includes('node_modules')),
    );
  }
  return graph;
}

/** The layer a file belongs to: `components`, or the folder under src/ (`cli` for src/cli.ts). */
function layer(file: string): string {
  const parts = relative(ROOT, file).split('/');
  if (parts[0] === 'components') return 'components';
  return parts.length === 2 ? 'cli' : parts[1];
}

/** Who may import each guarded layer at run time. */
const IMPORTERS: Record<string, readonly string[]> = {
  components: ['components', 'cli'],
  app: ['components', 'app', 'cli'],
  store: ['components', 'app', 'store', 'cli'],
  agent: ['agent', 'agents', 'app', 'store', 'cli', 'print'],
};

const graph = runtimeGraph(true);
const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));

describe('the import graph', () => {
  for (const [guarded, allowed] of Object.entries(IMPORTERS)) {
    test(`only ${allowed.join(', ')} import ${guarded}/ at run time`, () => {
      const wrong = edges
        .filter(({ from, to }) => layer(to) === guarded && !allowed.includes(layer(from)))
        .map(({ from, to }) => `${relative(ROOT, from)} -> ${relative(ROOT, to)}`);
      expect(wrong).toEqual([]);
    });
  }

  test('has no cycle of imports made at load time', () => {
    const graph = runtimeGraph(false);
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const cycles: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open')
          cycles.push(
            [...stack.slice(stack.indexOf(next)), next].map((f) => relative(ROOT, f)).join(' -> '),
          );
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
