import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/permissions');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(folder, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(folder, e.name)]
        : [],
  );
}

const STATEMENT = /^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)';/gm;

/** The modules a file loads at run time: `import type` and all-`type` specifier lists are erased. */
function runtimeImports(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
    const [, typeOnly, what, from] = m;
    if (typeOnly || !from.startsWith('.')) continue;
    const names = /^\{([\s\S]*)\}$/
      .exec(what.trim())?.[1]
      .split(',')
      .map((s) => s.trim());
    if (names && names.filter(Boolean).every((n) => n.startsWith('type '))) continue;
    out.push(path.resolve(path.dirname(file), `${from}.ts`));
  }
  return out;
}

const files = sources(dir);
const graph = new Map(files.map((f) => [f, runtimeImports(f)]));

function findCycle(): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | undefined => {
    if (state.get(f) === 'done') return undefined;
    if (state.get(f) === 'open') return [...stack.slice(stack.indexOf(f)), f];
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(f, 'done');
    return undefined;
  };
  for (const f of files) {
    const cycle = visit(f);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('src/permissions import graph', () => {
  it('has the bash parser in shell/ and the policy beside it', () => {
    const shell = files.filter((f) => f.includes(`${path.sep}shell${path.sep}`));
    const names = shell.map((f) => path.basename(f, '.ts'));
    expect(names).toEqual(expect.arrayContaining(['lexer', 'parser', 'walker', 'ast']));
    expect(files.map((f) => path.basename(f, '.ts'))).toContain('policy');
  });

  it('loads no module in a circle at run time', () => {
    const cycle = findCycle()?.map((f) => path.relative(dir, f));
    expect(cycle).toBeUndefined();
  });

  it('keeps the shell parser free of policy: shell/ imports nothing outside shell/', () => {
    const shellDir = path.join(dir, 'shell');
    const outside = files
      .filter((f) => f.startsWith(shellDir))
      .flatMap((f) =>
        runtimeImports(f).map((to) => [path.relative(dir, f), path.relative(dir, to)]),
      )
      .filter(([, to]) => !to.startsWith(`shell${path.sep}`));
    expect(outside).toEqual([]);
  });
});
