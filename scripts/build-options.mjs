// The bundle's esbuild options, shared by the build (build.mjs) and by the test that checks what
// the app's start-up loads (test/integration/bundle-start-path.test.ts), so the two cannot drift.
// Code splitting keeps the Ink app out of print mode's start-up (dynamic import).
import { fileURLToPath } from 'node:url';

/**
 * Ink keeps every text it ever measured or wrapped in module-level caches that never
 * forget, so a long session's memory grew with every distinct row drawn. The bundle takes
 * the app's bounded versions of those two modules instead (src/cli/ink-*-text.ts).
 */
const boundedInkTextCaches = {
  name: 'bounded-ink-text-caches',
  setup(build) {
    build.onResolve({ filter: /^\.\/(measure-text|wrap-text)\.js$/ }, (args) => {
      if (!/node_modules[\\/]ink[\\/]build$/.test(args.resolveDir)) return undefined;
      const name = args.path.slice(2, -3);
      return { path: fileURLToPath(new URL(`../src/cli/ink-${name}.ts`, import.meta.url)) };
    });
    // Ink measures every row of every frame with widest-line: the app's cached width instead.
    build.onResolve({ filter: /^widest-line$/ }, (args) => {
      if (!/node_modules[\\/]ink[\\/]build$/.test(args.resolveDir)) return undefined;
      return { path: fileURLToPath(new URL('../src/cli/ink-widest-line.ts', import.meta.url)) };
    });
  },
};

export const bundleOptions = {
  plugins: [boundedInkTextCaches],
  entryPoints: { cli: 'src/cli.ts' },
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
};
