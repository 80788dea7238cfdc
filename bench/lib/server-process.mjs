// The scripted server in a process of its own, for benchmarks whose script is plain data.
// In the bench's own process the server's writes wait on the bench's event loop, which also
// parses everything the measured program writes to its terminal: a program that writes a lot
// (the floor: 13,700 writes for 13,700 chunks) then slowed the server that fed it, and got
// its stream in small reads, each of which costs CPU, while one that writes little got it in
// large ones. Here each program gets the stream as fast as the server sends it, as from a
// server elsewhere. Its CPU is not counted (it is not a descendant of the measured wrapper).
//   node server-process.mjs SCRIPT.json  -> prints "listening <baseURL>", serves until stdin ends
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadScriptedServer } from './scripted-server.mjs';

const SELF = fileURLToPath(import.meta.url);

/** Starts the server for `script` (an array of turns) in its own process: {baseURL, close()}. */
export async function startServerProcess(script, dir) {
  await loadScriptedServer();
  const scriptPath = join(dir, 'server-script.json');
  writeFileSync(scriptPath, JSON.stringify(script));
  const child = spawn(process.execPath, [SELF, scriptPath], { stdio: ['pipe', 'pipe', 'inherit'] });
  const baseURL = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
      const match = /listening (\S+)\n/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  });
  return {
    baseURL,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

if (process.argv[1] === SELF) {
  const { startScriptedServer } = await import(
    pathToFileURL(fileURLToPath(new URL('../.build/scripted-server.mjs', import.meta.url))).href
  );
  const server = await startScriptedServer(JSON.parse(readFileSync(process.argv[2], 'utf8')));
  process.stdout.write(`listening ${server.baseURL}\n`);
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await server.close();
    process.exit(0);
  });
}
