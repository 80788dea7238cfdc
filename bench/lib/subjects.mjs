// The programs under test: tick (the full-screen app, or print mode as a stand-in)
// and the floor, each run in a fresh temp home and workspace against its own
// scripted server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, sleep } from './pty-session.mjs';
import { startScriptedServer } from './scripted-server.mjs';
import { startServerProcess } from './server-process.mjs';

/** bin/tick.js, or the private copy of the build that the runner made (useTickBin). */
let tickBin = fileURLToPath(new URL('../../bin/tick.js', import.meta.url));
export function useTickBin(path) {
  tickBin = path;
}
export const FLOOR_SCRIPT = fileURLToPath(new URL('../floor.mjs', import.meta.url));
/** The app is ready when its prompt input (placeholder) is on screen: components/App.tsx. */
export const APP_READY = /Type a task|Type to queue/;
export const FLOOR_READY = 'floor> ready';
const TICK_FLAGS = ['--permission-mode', 'bypassPermissions', '--max-turns', '5000'];
export const COLS = 100;
export const ROWS = 30;

/** kind: 'app' (node bin/tick.js in the PTY) or 'print' (tick -p, the stand-in). */
export function tickSubject(kind) {
  return {
    name: 'tick',
    kind,
    label: kind === 'app' ? 'tick (full-screen app)' : 'tick -p (print mode, stand-in for the app)',
    argv: (prompt, { format = 'text' } = {}) =>
      kind === 'app'
        ? [tickBin, ...TICK_FLAGS]
        : [tickBin, '-p', prompt, '--output-format', format, ...TICK_FLAGS],
  };
}

export const floorSubject = {
  name: 'floor',
  kind: 'floor',
  label: 'floor (bench/floor.mjs)',
  argv: (prompt) => [FLOOR_SCRIPT, prompt],
};

/** Resolves (nowMs) when the subject can take input: the app's prompt, the floor's mark. */
export function whenReady(subject, session, timeoutMs = 20_000) {
  if (subject.kind === 'app') {
    return session.waitForScreen((s) => APP_READY.test(s), { timeoutMs, what: 'the prompt input' });
  }
  if (subject.kind === 'floor') {
    return session.waitForScreen((s) => s.includes(FLOOR_READY), { timeoutMs, what: FLOOR_READY });
  }
  return Promise.resolve(null);
}

/** Types the prompt as a user would (the app only; the others got it in argv). */
export async function submitPrompt(subject, session, prompt) {
  if (subject.kind !== 'app') return;
  session.write(prompt);
  await sleep(50);
  session.write('\r');
}

/**
 * Runs `drive({session, server, subject, workspace})` for one fresh run of the
 * subject against a scripted server, then quits it and cleans up. `serverProcess`: the
 * server runs in a process of its own (server-process.mjs; a script of plain data only).
 */
export async function runOnce(
  subject,
  {
    script,
    prompt = 'Go',
    files = {},
    format,
    sampleMs,
    cols = COLS,
    rows = ROWS,
    serverProcess = false,
  },
  drive,
) {
  const dir = mkdtempSync(join(tmpdir(), 'tick-bench-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'work');
  mkdirSync(home);
  mkdirSync(workspace);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), content);
  }
  // The server keeps every request body; a long session's would fill the bench's memory.
  let server;
  const forgetful =
    typeof script === 'function'
      ? (request, i) => ((server.requests.length = 0), script(request, i))
      : script;
  server =
    serverProcess && Array.isArray(script)
      ? await startServerProcess(script, dir)
      : await startScriptedServer(forgetful);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    TICK_HOME: join(home, '.tick'),
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    CI: 'false',
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: 'test',
    TICK_MODEL: 'x',
    ...(subject.name === 'tick' ? tickNodeFlags() : {}),
  };
  const session = launch({
    command: process.execPath,
    args: subject.argv(prompt, { format }),
    cwd: workspace,
    env,
    dir,
    cols,
    rows,
    sampleMs,
  });
  try {
    return await drive({ session, server, subject, workspace });
  } finally {
    await quit(subject, session);
    await server.close();
    session.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Node flags for tick's process (the wrapper passes them on): BENCH_PROFILE=DIR writes a V8
 * CPU profile there, BENCH_NODE_FLAGS adds any others (an experiment with a V8 flag).
 */
function tickNodeFlags() {
  const { BENCH_PROFILE: profile, BENCH_NODE_FLAGS: extra } = process.env;
  const flags = [profile ? `--cpu-prof --cpu-prof-dir=${profile}` : '', extra ?? ''];
  const joined = flags.filter(Boolean).join(' ');
  return joined ? { BENCH_CHILD_NODE_FLAGS: joined } : {};
}

/** Ends the run: Ctrl+D for the app (its exit key on an empty input), then signals. */
export async function quit(subject, session) {
  if (!session.alive) return session.exited;
  if (subject.kind === 'app') {
    session.write('\x04');
    const done = await Promise.race([session.exited, sleep(2_000).then(() => null)]);
    if (done) return done;
  }
  return session.terminate();
}
