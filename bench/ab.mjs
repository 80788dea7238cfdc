// A/B of builds: the stream benchmark's CPU for two or more copies of tick, run in turns
// (A B, B A, ...) so a noisy spell on the machine hits each the same. Also splits each
// run's CPU into tick's main thread and its other threads (V8's compilers and GC helpers,
// libuv's pool): where a change moved the cost.
//   npm run build && mkdir -p /tmp/a && cp -r bin dist package.json /tmp/a   (then B)
//   node bench/ab.mjs /tmp/a /tmp/b            AB_RUNS=8 (default 6); AB_FLOOR=1 adds the floor
import { readdirSync, readFileSync } from 'node:fs';
import { END_SENTENCE, markdownAnswer } from './lib/markdown.mjs';
import { descendants } from './lib/proc-tree.mjs';
import { loadScriptedServer } from './lib/scripted-server.mjs';
import { median } from './lib/stats.mjs';
import { floorSubject, runOnce, submitPrompt, whenReady } from './lib/subjects.mjs';

const CLOCK_TICKS = 100;
const FLAGS = ['--permission-mode', 'bypassPermissions'];

/** CPU seconds of one process's main thread and of all its other threads. */
function threadSplit(pid) {
  let main = 0;
  let others = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    if (task === String(pid)) main += seconds;
    else others += seconds;
  }
  return { main, others };
}

async function measure(subject, text) {
  return runOnce(
    subject,
    { script: [{ text, chunkSize: 4 }], prompt: 'go', serverProcess: true },
    async ({ session }) => {
      await whenReady(subject, session);
      await submitPrompt(subject, session, 'go');
      if (subject.kind === 'floor') {
        const { report } = await session.exited;
        return { cpu: report.cpuSeconds };
      }
      await session.waitForScreen((screen) => screen.includes(END_SENTENCE), { timeoutMs: 90_000 });
      await session.waitQuiet(300, 3_000);
      return { cpu: session.cpuNow(), ...threadSplit(descendants(session.pid)[0]) };
    },
  );
}

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error('usage: node bench/ab.mjs BUILD_DIR [BUILD_DIR...] (each with bin/ and dist/)');
  process.exit(2);
}
await loadScriptedServer();
const subjects = dirs.map((dir) => ({
  name: 'tick',
  kind: 'app',
  label: dir,
  argv: () => [`${dir}/bin/tick.js`, ...FLAGS],
}));
if (process.env.AB_FLOOR) subjects.push(floorSubject);
const runs = Math.max(1, Number(process.env.AB_RUNS ?? 6) || 6);
const text = markdownAnswer();
const results = subjects.map(() => []);
for (let round = 0; round < runs; round += 1) {
  const order = subjects.map((_, index) => index);
  if (round % 2) order.reverse();
  for (const index of order) results[index].push(await measure(subjects[index], text));
}
const fmt = (values) => (values.some((v) => v === undefined) ? '-' : median(values).toFixed(3));
console.log(`stream CPU, median of ${runs} (s)      whole  main  others  runs`);
subjects.forEach((subject, index) => {
  const rows = results[index];
  console.log(
    `${subject.label.padEnd(32)} ${fmt(rows.map((r) => r.cpu))} ${fmt(rows.map((r) => r.main))} ${fmt(rows.map((r) => r.others))}  ${rows.map((r) => r.cpu.toFixed(2)).join(' ')}`,
  );
});
