import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/*
 * The layers of tick's source, top to bottom. A file may import its own layer and the layers
 * below it, never one above; type-only and lazy (`import()`) imports count as well, since
 * they tie the code together as much as any other. The README ("How it works") describes the
 * same table.
 */
interface Layer {
  name: string;
  /** Folders (or single files) under the repository root. */
  places: readonly string[];
  /** A leaf: each of its places imports nothing outside itself. */
  leaf?: boolean;
}

const LAYERS: readonly Layer[] = [
  // The entry points: argv, the subcommands, print mode; they mount the app.
  { name: 'entry', places: ['src/cli.ts', 'src/cli', 'src/print'] },
  // The Ink components and their pure line layout.
  { name: 'components', places: ['components'] },
  // The app's driver: it feeds the store the agent's events, runs turns and frames.
  { name: 'app', places: ['src/app'] },
  // The store the components read: state, reducers, pure state changes.
  { name: 'store', places: ['src/store'] },
  // One conversation: the loop and createAgent's wiring.
  { name: 'agent', places: ['src/agent'] },
  // What the agent is wired to; they may use one another.
  {
    name: 'subsystems',
    places: [
      'src/model',
      'src/tools',
      'src/permissions',
      'src/hooks',
      'src/context',
      'src/session',
      'src/todos',
      'src/tasks',
      'src/agents',
      'src/config',
      'src/demo',
      'src/mcp',
      'src/extensions',
      'src/checkpoints',
    ],
  },
  // The vocabulary every layer shares, and small helpers.
  { name: 'leaves', places: ['src/protocol', 'src/util', 'src/version.ts'], leaf: true },
];

/** Folders that must not reach the tools: a call's look comes on its events, never by name. */
const NO_TOOLS_FROM: readonly string[] = ['components', 'src/store', 'src/app'];

/** The place a repository path belongs to: `components`, `src/<folder>` or `src/<file>`. */
function placeOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'src' ? `src/${parts[1]}` : parts[0];
}

function layerIndex(place: string): number {
  return LAYERS.findIndex((layer) => layer.places.includes(place));
}

interface Edge {
  from: string;
  to: string;
}

/** What is wrong with each import (repository paths): one line per broken rule. */
function violations(edges: readonly Edge[]): string[] {
  const wrong: string[] = [];
  for (const { from, to } of edges) {
    const source = placeOf(from);
    const target = placeOf(to);
    if (source === target) continue;
    const at = layerIndex(source);
    const into = layerIndex(target);
    if (at < 0 || into < 0) {
      wrong.push(`${from} -> ${to}: ${at < 0 ? source : target} has no place in the layer table`);
      continue;
    }
    if (into < at)
      wrong.push(`${from} -> ${to}: ${LAYERS[at].name} imports ${LAYERS[into].name} (upward)`);
    else if (LAYERS[at].leaf)
      wrong.push(`${from} -> ${to}: ${source} is a leaf and imports nothing outside itself`);
    if (NO_TOOLS_FROM.includes(source) && target === 'src/tools')
      wrong.push(
        `${from} -> ${to}: ${source} reaches into src/tools (a call's look is on its events)`,
      );
  }
  return wrong;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const repoPath = (file: string): string => relative(ROOT, file).split(sep).join('/');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

const FILES = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'components'))];
const inTree = (path: string): boolean => path.startsWith('src/') || path.startsWith('components/');

/**
 * Each file's imports of the project's own files. `loadTime`: only those that run when the
 * module loads (no `import type`, no `import()`); otherwise every kind.
 */
function importGraph(loadTime: boolean): Map<string, string[]> {
  const statement = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm;
  const lazy = /import\(\s*'(\.[^']+)'\s*\)/g;
  const graph = new Map<string, string[]>();
  for (const file of FILES) {
    const text = readFileSync(file, 'utf8');
    const specs = [
      ...[...text.matchAll(statement)].filter((m) => !loadTime || !m[1]).map((m) => m[2]),
      ...(loadTime ? [] : [...text.matchAll(lazy)].map((m) => m[1])),
    ];
    graph.set(
      repoPath(file),
      specs
        .map((spec) => resolveImport(file, spec))
        .filter((path): path is string => path !== undefined)
        .map(repoPath)
        .filter(inTree),
    );
  }
  return graph;
}

const graph = importGraph(false);
const edges: Edge[] = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));

describe('the layer checker', () => {
  test('catches an upward import, a leaf that reaches out, a tool lookup and an unplaced folder', () => {
    expect(
      violations([
        { from: 'src/model/client.ts', to: 'src/agent/loop.ts' },
        { from: 'src/agents/host.ts', to: 'src/agent/loop.ts' },
        { from: 'src/agent/loop.ts', to: 'src/store/reducer.ts' },
        { from: 'src/store/reducer.ts', to: 'components/lines/tool-card.ts' },
        { from: 'src/store/reducer.ts', to: 'src/app/controller.ts' },
        { from: 'components/App.tsx', to: 'src/cli/args.ts' },
        { from: 'src/protocol/events.ts', to: 'src/util/assert-never.ts' },
        { from: 'components/lines/tool-card.ts', to: 'src/tools/registry.ts' },
        { from: 'src/app/batcher.ts', to: 'src/tools/registry.ts' },
        { from: 'src/mystery/thing.ts', to: 'src/protocol/events.ts' },
      ]),
    ).toEqual([
      'src/model/client.ts -> src/agent/loop.ts: subsystems imports agent (upward)',
      'src/agents/host.ts -> src/agent/loop.ts: subsystems imports agent (upward)',
      'src/agent/loop.ts -> src/store/reducer.ts: agent imports store (upward)',
      'src/store/reducer.ts -> components/lines/tool-card.ts: store imports components (upward)',
      'src/store/reducer.ts -> src/app/controller.ts: store imports app (upward)',
      'components/App.tsx -> src/cli/args.ts: components imports entry (upward)',
      'src/protocol/events.ts -> src/util/assert-never.ts: src/protocol is a leaf and imports nothing outside itself',
      "components/lines/tool-card.ts -> src/tools/registry.ts: components reaches into src/tools (a call's look is on its events)",
      "src/app/batcher.ts -> src/tools/registry.ts: src/app reaches into src/tools (a call's look is on its events)",
      'src/mystery/thing.ts -> src/protocol/events.ts: src/mystery has no place in the layer table',
    ]);
  });

  test('lets imports point down or sideways within a layer', () => {
    expect(
      violations([
        { from: 'src/cli/interactive.tsx', to: 'components/App.tsx' },
        { from: 'src/print/print-command.ts', to: 'src/cli/commands/io.ts' },
        { from: 'components/App.tsx', to: 'src/store/store.ts' },
        { from: 'src/app/controller.ts', to: 'src/store/store.ts' },
        { from: 'src/store/types.ts', to: 'src/protocol/events.ts' },
        { from: 'src/agent/agent.ts', to: 'src/agents/host.ts' },
        { from: 'src/tools/types.ts', to: 'src/permissions/types.ts' },
        { from: 'src/session/report.ts', to: 'src/util/assert-never.ts' },
        { from: 'src/protocol/events.ts', to: 'src/protocol/tool-look.ts' },
      ]),
    ).toEqual([]);
  });
});

describe("tick's import graph", () => {
  test('reads the imports it checks (the parse finds them)', () => {
    expect(graph.get('src/agent/loop.ts')).toContain('src/protocol/events.ts');
    expect(graph.get('src/cli.ts')).toContain('src/cli/commands/tasks.ts');
    expect(edges.length).toBeGreaterThan(500);
  });

  test('places every folder in the layer table', () => {
    const unplaced = [...new Set(FILES.map((file) => placeOf(repoPath(file))))].filter(
      (place) => layerIndex(place) < 0,
    );
    expect(unplaced).toEqual([]);
  });

  test('holds the layer order: no import points up, leaves import nothing, the UI no tool', () => {
    expect(violations(edges)).toEqual([]);
  });

  test('no subsystem imports the agent, and protocol imports nothing from the project', () => {
    const intoAgent = edges.filter(
      ({ from, to }) =>
        placeOf(to) === 'src/agent' && LAYERS[layerIndex(placeOf(from))].name === 'subsystems',
    );
    expect(intoAgent).toEqual([]);
    const fromProtocol = edges.filter(
      ({ from, to }) => placeOf(from) === 'src/protocol' && placeOf(to) !== 'src/protocol',
    );
    expect(fromProtocol).toEqual([]);
  });

  test('has no cycle of imports made at load time', () => {
    const loadTime = importGraph(true);
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const cycles: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of loadTime.get(file) ?? []) {
        if (state.get(next) === 'open')
          cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of loadTime.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
