// The bundle's esbuild options, shared by the build (build.mjs) and by the test that checks what
// the app's start-up loads (test/integration/bundle-start-path.test.ts), so the two cannot drift.
// Code splitting keeps the Ink app out of print mode's start-up (dynamic import).
export const bundleOptions = {
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
