#!/usr/bin/env node
// Launcher: runs the built CLI. `npm ci` builds dist/ (the prepare script).
import('../dist/cli.js').catch((error) => {
  if (
    error &&
    error.code === 'ERR_MODULE_NOT_FOUND' &&
    String(error.message).includes('dist/cli.js')
  ) {
    console.error('tick: dist/ is missing; run `npm run build` first.');
  } else {
    console.error(`tick: ${error && error.message ? error.message : error}`);
  }
  process.exit(1);
});
