// Summarises a V8 .cpuprofile (from BENCH_PROFILE=DIR): where tick spent its CPU,
// by function (self time) and by source file. Usage: node bench/profile-summary.mjs FILE [N]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [N]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const place = (frame) =>
  `${frame.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '')}:${frame.lineNumber + 1}`;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
const functions = new Map();
const files = new Map();
for (const [id, us] of selfUs) {
  const frame = byId.get(id).callFrame;
  add(functions, `${frame.functionName || '(anonymous)'} ${frame.url ? place(frame) : ''}`, us);
  add(
    files,
    frame.url
      ? frame.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '')
      : frame.functionName,
    us,
  );
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`,
    );
  }
};
// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at).callFrame;
    if (!frame.url) continue;
    const key = `${frame.functionName || '(anonymous)'} ${place(frame)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    add(inclusive, key, us);
  }
}
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
show('self time by function', functions);
show('self time by file', files);
show('total time (with callees) by function', inclusive);
