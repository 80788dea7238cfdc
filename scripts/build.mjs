// Bundles the CLI into dist/ so start-up reads one file instead of hundreds.
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { bundleOptions } from './build-options.mjs';

const dist = new URL('../dist', import.meta.url);
// Build beside dist/ and swap it in, so a CLI running during a rebuild never sees it half-made.
const staging = new URL(`../dist.tmp-${process.pid}`, import.meta.url);
await build({ ...bundleOptions, outdir: staging.pathname });
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
