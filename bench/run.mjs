// The bench runner (`npm run bench [-- NAME...]`): runs each benchmark against
// tick and the floor, BENCH_RUNS times each (default 5), and prints the medians.
// BENCH_TICK=app|print picks what "tick" is; by default the full-screen app when
// it comes up in a PTY, else print mode (-p) as a labelled stand-in.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import agentSession from './benchmarks/agent-session.mjs';
import bigOutput from './benchmarks/big-output.mjs';
import longSession from './benchmarks/long-session.mjs';
import mcp from './benchmarks/mcp.mjs';
import start from './benchmarks/start.mjs';
import stream from './benchmarks/stream.mjs';
import streamCallLike from './benchmarks/stream-call-like.mjs';
import tickLatency from './benchmarks/tick-latency.mjs';
import { nowMs } from './lib/pty-session.mjs';
import { loadScriptedServer } from './lib/scripted-server.mjs';
import { snapshotTick } from './lib/snapshot.mjs';
import {
  floorSubject,
  quit,
  runOnce,
  tickSubject,
  useTickBin,
  whenReady,
} from './lib/subjects.mjs';
import { renderMarkdown, renderTable } from './lib/table.mjs';

const BENCHMARKS = [
  start,
  stream,
  streamCallLike,
  tickLatency,
  longSession,
  agentSession,
  bigOutput,
  mcp,
];
const BUILD_DIR = fileURLToPath(new URL('./.build/', import.meta.url));

function selected(filters) {
  if (!filters.length) return BENCHMARKS;
  const chosen = BENCHMARKS.filter((b) => filters.some((f) => b.name.includes(f.toLowerCase())));
  if (!chosen.length) {
    console.error(
      `bench: no benchmark matches ${filters.join(' ')} (have: ${BENCHMARKS.map((b) => b.name).join(', ')})`,
    );
    process.exit(2);
  }
  return chosen;
}

/** The app when it shows its prompt input in a PTY within 15 s, else print mode. */
async function pickTick() {
  const wanted = process.env.BENCH_TICK;
  if (wanted === 'app' || wanted === 'print')
    return { subject: tickSubject(wanted), why: `BENCH_TICK=${wanted}` };
  if (!existsSync(fileURLToPath(new URL('../src/cli/interactive.tsx', import.meta.url)))) {
    return { subject: tickSubject('print'), why: 'src/cli/interactive.tsx does not exist yet' };
  }
  const app = tickSubject('app');
  try {
    await runOnce(app, { script: [] }, async ({ session }) => {
      await whenReady(app, session, 15_000);
      await quit(app, session);
    });
    return { subject: app, why: 'the app showed its prompt input in a PTY' };
  } catch (error) {
    const first = String(error.message).split('\n').slice(0, 12).join('\n');
    return { subject: tickSubject('print'), why: `the app did not come up in a PTY: ${first}` };
  }
}

async function main() {
  const filters = process.argv.slice(2);
  const benchmarks = selected(filters);
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);
  await loadScriptedServer();
  if (process.env.BENCH_SNAPSHOT !== '0') useTickBin(await snapshotTick(process.env.BENCH_BUILD));
  const { subject: tick, why } = await pickTick();
  const started = nowMs();
  const build = process.env.BENCH_BUILD ? ` from ${process.env.BENCH_BUILD}` : '';
  console.log(`tick bench: ${tick.label}${build} (${why}) vs ${floorSubject.label}`);
  console.log(
    `${os.cpus().length} CPUs, node ${process.version}, median of ${runs} runs each, PTY 100x30\n`,
  );

  const rows = [];
  const notes = [];
  const raw = {};
  for (const benchmark of benchmarks) {
    const t0 = nowMs();
    process.stdout.write(`running ${benchmark.name} ... `);
    try {
      const result = await benchmark.run({ tick, floor: floorSubject, runs });
      rows.push(...result.rows.map((row) => ({ bench: benchmark.name, ...row })));
      notes.push(...(result.notes ?? []));
      raw[benchmark.name] = result;
      console.log(`${((nowMs() - t0) / 1000).toFixed(1)} s`);
    } catch (error) {
      console.log('failed');
      rows.push({ bench: benchmark.name, figure: 'error', tick: NaN, target: { label: 'runs' } });
      notes.push(`${benchmark.name} failed: ${error.stack ?? error}`);
    }
  }
  console.log(`\n${renderTable(rows)}\n`);
  for (const note of notes) console.log(`note: ${note}`);
  console.log(`total ${((nowMs() - started) / 1000).toFixed(1)} s`);

  mkdirSync(BUILD_DIR, { recursive: true });
  const record = { date: new Date().toISOString(), tick: tick.label, why, runs, rows, notes, raw };
  writeFileSync(`${BUILD_DIR}last-run.json`, JSON.stringify(record, null, 2));
  writeFileSync(`${BUILD_DIR}last-run.md`, `${renderMarkdown(rows)}\n`);
  if (rows.some((row) => row.figure === 'error')) process.exitCode = 1;
}

await main();
