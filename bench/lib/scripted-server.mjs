// The project's scripted OpenAI-compatible server (TypeScript product code), bundled
// once per bench run into bench/.build/ so these plain .mjs files can import it.
import { build } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRY = fileURLToPath(new URL('../../src/demo/scripted-server.ts', import.meta.url));
const OUTFILE = fileURLToPath(new URL('../.build/scripted-server.mjs', import.meta.url));

let loaded;

/** Builds (on first call) and imports the server module: {startScriptedServer, ...}. */
export async function loadScriptedServer() {
  if (!loaded) {
    await build({
      entryPoints: [ENTRY],
      outfile: OUTFILE,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      logLevel: 'warning',
    });
    loaded = await import(pathToFileURL(OUTFILE).href);
  }
  return loaded;
}

/** Starts a scripted server on 127.0.0.1: `script` is an array of turns or (request, i) => turn. */
export async function startScriptedServer(script) {
  const server = await loadScriptedServer();
  return server.startScriptedServer(script);
}

/** A gate for ScriptedTurn.waitFor: the server holds the answer until open(). */
export function createGate() {
  let open;
  let arrived;
  const opened = new Promise((resolve) => (open = resolve));
  const reached = new Promise((resolve) => (arrived = resolve));
  return {
    /** For the turn: marks the request as arrived, then waits. */
    wait: () => {
      arrived();
      return opened;
    },
    /** Resolves once the server has the request and is holding it. */
    reached,
    open: () => open(),
  };
}
