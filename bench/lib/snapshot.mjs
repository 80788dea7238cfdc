// A private copy of the built CLI (bin/tick.js, dist/, package.json) in
// bench/.build/tick/, so another `npm run build` in the same work tree (which
// replaces dist/ and its chunk names) cannot break a bench run half-way.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COPY = fileURLToPath(new URL('../.build/tick/', import.meta.url));

/** Relative imports of the bundle's files that are missing (a copy taken mid-build). */
function missingImports(dist) {
  const missing = [];
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dist, file), 'utf8');
    // esbuild's own chunk names end in an 8-character hash.
    for (const match of text.matchAll(
      /(?:from|import\()\s*["']\.\/([\w-]+-[A-Z0-9]{8}\.js)["']/g,
    )) {
      if (!existsSync(join(dist, match[1]))) missing.push(`${file} -> ${match[1]}`);
    }
  }
  return missing;
}

/**
 * Copies the build and returns the copy's bin/tick.js; retries while a build is under way.
 * `from`: another build to bench (a folder with its bin/, dist/ and package.json, as
 * BENCH_BUILD names it), e.g. a copy of an older tree's build to set beside this one.
 */
export async function snapshotTick(from = ROOT) {
  for (let attempt = 1; ; attempt += 1) {
    rmSync(COPY, { recursive: true, force: true });
    mkdirSync(COPY, { recursive: true });
    if (!existsSync(join(from, 'dist/cli.js')))
      throw new Error(`${join(from, 'dist/cli.js')} is missing: run \`npm run build\``);
    for (const path of ['bin', 'dist', 'package.json'])
      cpSync(join(from, path), join(COPY, path), { recursive: true });
    const missing = missingImports(join(COPY, 'dist'));
    if (!missing.length) return join(COPY, 'bin/tick.js');
    if (attempt === 5) throw new Error(`dist/ is incomplete (${missing[0]}): is a build running?`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
