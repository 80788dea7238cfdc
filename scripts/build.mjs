// Bundles the CLI into dist/ so start-up reads one file instead of hundreds.
// Code splitting keeps the Ink app out of print mode's start-up (dynamic import).
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';

const dist = new URL('../dist', import.meta.url);
// Build beside dist/ and swap it in, so a CLI running during a rebuild never sees it half-made.
const staging = new URL(`../dist.tmp-${process.pid}`, import.meta.url);
await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: staging.pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  legalComments: 'none',
  // Optional in Ink, never installed; native modules stay outside the bundle.
  external: ['react-devtools-core', '@lydell/node-pty'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS dependencies (react) call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __tickCreateRequire } from 'node:module'; const require = __tickCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
