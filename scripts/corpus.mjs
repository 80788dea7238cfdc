// `npm run corpus [DIR]`: bundles scripts/corpus/main.ts in memory (it imports the
// TypeScript sources of the permission gate) and runs it. Not part of `npm test`.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  entryPoints: [fileURLToPath(new URL('./corpus/main.ts', import.meta.url))],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  write: false,
  logLevel: 'warning',
});
const code = Buffer.from(result.outputFiles[0].contents).toString('base64');
const { main } = await import(`data:text/javascript;base64,${code}`);
process.exitCode = await main(process.argv.slice(2), repoRoot);
