// One measured program in a real pseudo-terminal: the bytes it writes to the
// terminal, the screen as a terminal shows it (@xterm/headless), and the CPU and
// memory of its process tree (via the measured-exec wrapper and /proc sampling).
import ptyModule from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendants, readTree, startTreeSampler } from './proc-tree.mjs';

const { spawn } = ptyModule;
const { Terminal } = xterm;
const WRAPPER = fileURLToPath(new URL('./measured-exec.mjs', import.meta.url));
const SYNC_START = '\x1b[?2026h';
/**
 * A frame is one burst of output. The app draws at most 30 frames a second (33 ms
 * apart) and one frame reaches the PTY within a millisecond, so 8 ms of silence
 * separates two frames.
 */
const BURST_GAP_MS = 8;

/** Milliseconds on the monotonic clock that every process on the machine shares. */
export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Spawns `command args` in a PTY of cols x rows. `dir` holds the wrapper's report.
 * Returns the session (see the fields below).
 */
export function launch({ command, args, cwd, env, dir, cols = 100, rows = 30, sampleMs = 50 }) {
  const reportPath = join(dir, 'measured-exec.json');
  const term = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
  const proc = spawn(process.execPath, [WRAPPER, reportPath, command, ...args], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd,
    env,
    encoding: null,
  });
  const sampler = startTreeSampler(proc.pid, sampleMs);
  const waiters = new Set();
  let tail = '';
  let alive = true;

  const session = {
    pid: proc.pid,
    /** Bytes the program wrote to the terminal. */
    bytes: 0,
    /** PTY reads (a burst of writes arrives as one). */
    reads: 0,
    /** Frames: bursts of output with more than BURST_GAP_MS of silence before each. */
    frames: 0,
    /** Synchronized-update blocks (ESC[?2026h): the big redraws. */
    syncBlocks: 0,
    /** When the last byte arrived (nowMs). */
    lastDataAt: nowMs(),
    sampler,
    get alive() {
      return alive;
    },
    /** The visible screen, wrapped rows joined back into their lines. */
    screen: () => screenText(term),
    /** Every line the terminal holds (scrollback too), for failure messages. */
    dump: () => bufferText(term, 0, term.buffer.active.length),
    write: (data) => alive && proc.write(data),
    /**
     * Resolves with the arrival time (nowMs) of the output after which `test(screen)`
     * first held; rejects after timeoutMs with the screen in the message.
     */
    waitForScreen(test, { timeoutMs = 20_000, what = 'the expected screen' } = {}) {
      if (test(session.screen())) return Promise.resolve(nowMs());
      return new Promise((resolve, reject) => {
        if (!alive)
          return reject(
            new Error(`the program has exited; waited for ${what}; screen:\n${session.screen()}`),
          );
        const waiter = { test, resolve, reject, what };
        waiter.timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${what}; screen:\n${session.screen()}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    /** Resolves once no byte has arrived for quietMs (or after capMs): true if it went quiet. */
    async waitQuiet(quietMs, capMs) {
      const until = nowMs() + capMs;
      for (;;) {
        const quietFor = nowMs() - session.lastDataAt;
        if (quietFor >= quietMs) return true;
        if (nowMs() >= until || !alive) return !alive || quietFor >= quietMs;
        await sleep(Math.min(quietMs - quietFor, until - nowMs()) + 1);
      }
    },
    /** Resolves with {code, report} when the wrapper exits; report is null if it was killed. */
    exited: new Promise((resolve) => {
      proc.onExit(({ exitCode }) => {
        alive = false;
        sampler.stop();
        const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : null;
        // Let the last parsed bytes reach the screen before anyone reads it.
        term.write('', () => {
          for (const waiter of waiters) {
            clearTimeout(waiter.timer);
            const screen = session.screen();
            if (waiter.test(screen)) waiter.resolve(nowMs());
            else
              waiter.reject(
                new Error(
                  `the program exited (code ${exitCode}) before ${waiter.what}; screen:\n${screen}`,
                ),
              );
          }
          waiters.clear();
          resolve({ code: exitCode, report });
        });
      });
    }),
    /** Tree CPU seconds now (live processes, with their reaped children). */
    cpuNow: () => readTree(proc.pid).cpuSeconds,
    /** SIGTERM (the wrapper forwards it), then SIGKILL for the whole tree after graceMs. */
    async terminate(graceMs = 3_000) {
      if (!alive) return session.exited;
      proc.kill('SIGTERM');
      const done = await Promise.race([session.exited, sleep(graceMs).then(() => null)]);
      if (done) return done;
      for (const pid of [...descendants(proc.pid).reverse(), proc.pid]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      return session.exited;
    },
    dispose: () => term.dispose(),
  };

  proc.onData((data) => {
    const at = nowMs();
    session.bytes += data.length;
    session.reads += 1;
    if (at - session.lastDataAt > BURST_GAP_MS || session.reads === 1) session.frames += 1;
    session.lastDataAt = at;
    const text = tail + data.toString('latin1');
    for (let i = text.indexOf(SYNC_START); i !== -1; i = text.indexOf(SYNC_START, i + 1))
      session.syncBlocks += 1;
    tail = text.slice(-(SYNC_START.length - 1));
    term.write(data, () => {
      if (!waiters.size) return;
      const screen = session.screen();
      for (const waiter of waiters) {
        if (!waiter.test(screen)) continue;
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(at);
      }
    });
  });
  return session;
}

function screenText(term) {
  const buffer = term.buffer.active;
  return bufferText(term, buffer.viewportY, buffer.viewportY + term.rows);
}

function bufferText(term, from, to) {
  const buffer = term.buffer.active;
  const lines = [];
  for (let y = from; y < to; y += 1) {
    const line = buffer.getLine(y);
    if (!line) continue;
    const text = line.translateToString(true);
    if (line.isWrapped && lines.length) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  return lines.join('\n').trimEnd();
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
