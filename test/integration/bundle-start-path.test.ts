import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleOptions } from '../../scripts/build-options.mjs';

/*
 * The bundle as scripts/build.mjs makes it (same options, kept in memory): what the
 * full-screen app loads before it takes a prompt, with no settings file, must not
 * include the heavy packages the tools use only when they run (and zod, which only
 * a settings file needs). They stay in the bundle behind dynamic imports.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The chunks the app's start loads: cli → early screen → interactive → session → agent. */
const START_PATH = [
  'src/cli.ts',
  'src/cli/early-screen.ts',
  'src/cli/interactive.tsx',
  'src/session/open.ts',
  'src/agent/agent.ts',
];
/**
 * zod (settings files only) and what the tools need only when they run (proper-lockfile, with
 * graceful-fs, which patches `fs` as it loads: only when a task list first changes).
 */
const HEAVY = ['zod', 'fast-glob', 'ignore', 'diff', 'proper-lockfile', 'graceful-fs'];

const packageOf = (input: string) =>
  /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];

let metafile: Metafile;
let outputText: string;

beforeAll(async () => {
  const result = await build({
    ...bundleOptions,
    absWorkingDir: ROOT,
    outdir: path.join(ROOT, 'dist-metafile-test'),
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  metafile = result.metafile;
  outputText = result.outputFiles.map((file) => file.text).join('\n');
});

function chunkOf(entry: string): string {
  const found = Object.entries(metafile.outputs).find(([, out]) => out.entryPoint === entry);
  if (!found) throw new Error(`${entry} is not a chunk of its own (no longer imported lazily?)`);
  return found[0];
}

/** The chunk and every chunk it imports statically, which load with it. */
function staticClosure(chunk: string): Set<string> {
  const seen = new Set<string>();
  const pending = [chunk];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const imported of metafile.outputs[next].imports) {
      if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
    }
  }
  return seen;
}

/** Which of the project's own files import `pkg` statically (the culprits, for the message). */
function importersOf(pkg: string, inputs: Set<string>): string[] {
  return [...inputs].filter(
    (input) =>
      packageOf(input) === undefined &&
      metafile.inputs[input]?.imports.some(
        (imported) => imported.kind === 'import-statement' && packageOf(imported.path) === pkg,
      ),
  );
}

describe('the app start-up bundle', () => {
  it.each(START_PATH)(`%s does not load ${HEAVY.join(', ')}`, (entry) => {
    const inputs = new Set<string>();
    for (const chunk of staticClosure(chunkOf(entry))) {
      for (const input of Object.keys(metafile.outputs[chunk].inputs)) inputs.add(input);
    }
    const loaded = HEAVY.filter((pkg) => [...inputs].some((input) => packageOf(input) === pkg));
    const culprits = loaded.map(
      (pkg) => `${pkg} (imported by ${importersOf(pkg, inputs).join(', ')})`,
    );
    expect(culprits).toEqual([]);
  });

  it('still holds each of them, for when a tool or a settings file needs it', () => {
    const bundled = new Set<string>();
    for (const out of Object.values(metafile.outputs)) {
      for (const input of Object.keys(out.inputs)) bundled.add(packageOf(input) ?? '');
    }
    expect(HEAVY.filter((pkg) => !bundled.has(pkg))).toEqual([]);
  });
});

describe("the bundle's Ink", () => {
  /** What one of Ink's modules imports in the bundle. */
  const importsOf = (module: string) =>
    Object.entries(metafile.inputs)
      .find(([input]) => input.endsWith(`ink/build/${module}`))?.[1]
      .imports.map((imported) => imported.path) ?? [];

  it("measures every row of a frame through the app's cached width, not widest-line", () => {
    const imports = importsOf('render-node-to-output.js');
    expect(imports).toContain('src/cli/ink-widest-line.ts');
    expect(imports.filter((path) => path.includes('widest-line/'))).toEqual([]);
  });

  it("strips escapes from each text through the app's cache of Ink's own sanitizer", () => {
    const imports = importsOf('squash-text-nodes.js');
    expect(imports).toContain('src/cli/ink-sanitize-ansi.ts');
    expect(imports.filter((path) => path.endsWith('ink/build/sanitize-ansi.js'))).toEqual([]);
  });

  it('hands yoga its WebAssembly as bytes, so loading Ink fetches no data: URL', () => {
    const yoga = Object.keys(metafile.inputs).find((input) =>
      input.endsWith('yoga-wasm-base64-esm.js'),
    );
    expect(yoga).toBeDefined();
    // The loader's URL is emptied; the module (base64 of "\0asm") reaches it as wasmBinary.
    expect(outputText).toContain('H = "data:application/octet-stream;base64,";');
    expect(outputText.match(/AGFzbQ/g)).toHaveLength(1);
    expect(outputText).toMatch(/wrapAssembly\(await \w+\(\{ wasmBinary \}\)\)/);
  });
});
