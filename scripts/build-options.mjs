// The bundle's esbuild options, shared by the build (build.mjs) and by the test that checks what
// the app's start-up loads (test/integration/bundle-start-path.test.ts), so the two cannot drift.
// Code splitting keeps the Ink app out of print mode's start-up (dynamic import).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Two things Ink does to every text node of every frame, cached by the app (Ink 8 bounds its
 * own text caches, so those stay Ink's): measuring with widest-line, which runs
 * string-width's full Unicode path on each row (src/cli/ink-widest-line.ts), and stripping
 * escapes other than colours and links, which tokenizes every coloured text
 * (src/cli/ink-sanitize-ansi.ts).
 */
const INK_SWAPS = {
  'widest-line': '../src/cli/ink-widest-line.ts',
  './sanitize-ansi.js': '../src/cli/ink-sanitize-ansi.ts',
};
const cachedInkText = {
  name: 'cached-ink-text',
  setup(build) {
    build.onResolve({ filter: /^(widest-line|\.\/sanitize-ansi\.js)$/ }, (args) => {
      if (!/node_modules[\\/]ink[\\/]build$/.test(args.resolveDir)) return undefined;
      return { path: fileURLToPath(new URL(INK_SWAPS[args.path], import.meta.url)) };
    });
  },
};

const YOGA_DATA_URL = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;

/**
 * Ink's layout engine, yoga, is WebAssembly kept as a base64 data: URL that it loads with
 * fetch(): at start-up that read the URL through undici's data-URL parser (~20 ms of CPU
 * before the first frame). Yoga's Emscripten loader skips the fetch when handed the bytes
 * (`wasmBinary`), so the bundle's `yoga-layout` hands them over, decoded by Buffer, and the
 * loader's own copy of the URL is emptied. A yoga whose loader no longer looks like this
 * fails the build instead of falling back.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(build) {
    const root = dirname(dirname(dirname(createRequire(import.meta.url).resolve('yoga-layout'))));
    const binary = join(root, 'dist/binaries/yoga-wasm-base64-esm.js');
    const base64 = () => {
      const match = YOGA_DATA_URL.exec(readFileSync(binary, 'utf8'));
      if (!match) throw new Error(`yoga-without-fetch: no wasm data URL in ${binary}`);
      return match[1];
    };
    build.onResolve({ filter: /^yoga-layout$/ }, (args) =>
      /node_modules[\\/]ink[\\/]build$/.test(args.resolveDir)
        ? { path: 'yoga-layout', namespace: 'tick-yoga' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'tick-yoga' }, () => ({
      resolveDir: root,
      loader: 'js',
      contents: [
        `import loadYoga from ${JSON.stringify(binary)};`,
        `import wrapAssembly from ${JSON.stringify(join(root, 'dist/src/wrapAssembly.js'))};`,
        `export * from ${JSON.stringify(join(root, 'dist/src/generated/YGEnums.js'))};`,
        `const wasmBinary = Buffer.from(${JSON.stringify(base64())}, 'base64');`,
        'export default wrapAssembly(await loadYoga({ wasmBinary }));',
      ].join('\n'),
    }));
    build.onLoad({ filter: /yoga-wasm-base64-esm\.js$/ }, (args) => ({
      loader: 'js',
      contents: readFileSync(args.path, 'utf8').replace(
        YOGA_DATA_URL,
        'H="data:application/octet-stream;base64,"',
      ),
    }));
  },
};

export const bundleOptions = {
  plugins: [cachedInkText, yogaWithoutFetch],
  entryPoints: { cli: 'src/cli.ts' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
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
