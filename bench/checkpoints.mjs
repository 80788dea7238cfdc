// Snapshot cost: what a checkpoint adds to a call that may change files, on a workspace of
// 5,000 files / 100 MB, against the call's own cost measured in the same run (the floor:
// writing the one file, and starting the `sh -c true` a bash call is at least). Also the
// store's growth per snapshot, which must follow the change, not the workspace.
//
//   node bench/checkpoints.mjs            (BENCH_RUNS=30 by default, BENCH_FILES=5000)
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const FILES = Number(process.env.BENCH_FILES ?? 5000);
const FILE_BYTES = Math.round((100 * 1024 * 1024) / 5000);
const ENTRY = fileURLToPath(new URL('../src/checkpoints/service.ts', import.meta.url));
const OUTFILE = fileURLToPath(new URL('./.build/checkpoints.mjs', import.meta.url));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => `${value.toFixed(2)} ms`;
const du = (dir) =>
  Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) * 1024;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timed(work) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

await build({
  entryPoints: [ENTRY],
  outfile: OUTFILE,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
  logLevel: 'warning',
});
const { CheckpointService } = await import(pathToFileURL(OUTFILE).href);

const base = mkdtempSync(join(tmpdir(), 'tick-bench-cp-'));
const workspace = join(base, 'ws');
const home = join(base, 'home');
try {
  // 50 folders of 100 files, each ~20 KB of distinct bytes (no two objects the same).
  const perDir = 100;
  for (let index = 0; index < FILES; index++) {
    const dir = join(workspace, `pkg${Math.floor(index / perDir)}`);
    if (index % perDir === 0) mkdirSync(dir, { recursive: true });
    const body = Buffer.alloc(FILE_BYTES, index % 251);
    body.write(`file ${index}\n`);
    writeFileSync(join(dir, `f${index % perDir}.txt`), body);
  }
  const workspaceBytes = du(workspace);

  const service = await CheckpointService.open({
    home,
    workspace,
    roots: [workspace],
    maxFileBytes: 10 * 1024 * 1024,
    maxFiles: 100_000,
    watch: true,
  });
  const tag = (n) => ({ session: 'bench', call: { id: `c${n}`, tool: 'bash', summary: 'x' } });
  const firstMs = await timed(() => service.snapshotBefore(tag(0)));
  const storeAfterFirst = du(join(home, 'checkpoints'));

  const noChange = [];
  const oneFile = [];
  const writeFloor = [];
  const spawnFloor = [];
  for (let run = 1; run <= RUNS; run++) {
    noChange.push(await timed(() => service.snapshotBefore(tag(`n${run}`))));
    const path = join(workspace, `pkg${run % 50}`, `f${run % 100}.txt`);
    const body = Buffer.alloc(FILE_BYTES, (run * 7) % 251);
    body.write(`run ${run}\n`);
    writeFloor.push(await timed(async () => writeFileSync(path, body)));
    spawnFloor.push(await timed(async () => spawnSync('sh', ['-c', 'true'])));
    oneFile.push(await timed(() => service.snapshotBefore(tag(`c${run}`))));
  }
  const storeAfterRuns = du(join(home, 'checkpoints'));
  await service.close();

  const callFloor = median(writeFloor) + median(spawnFloor);
  const rows = [
    ['first snapshot (full scan)', ms(firstMs), '', ''],
    [
      'no-change call: snapshot added',
      ms(median(noChange)),
      '<= 10 ms',
      median(noChange) <= 10 ? 'pass' : 'FAIL',
    ],
    [
      'one-file change: snapshot added',
      ms(median(oneFile)),
      '<= 50 ms',
      median(oneFile) <= 50 ? 'pass' : 'FAIL',
    ],
    ['floor: the call itself (write + sh -c true)', ms(callFloor), '', ''],
    ['ratio one-file snapshot / call floor', (median(oneFile) / callFloor).toFixed(2), '', ''],
    ['workspace on disk', mb(workspaceBytes), '', ''],
    ['store after the first snapshot', mb(storeAfterFirst), '', ''],
    [
      `store growth per one-file snapshot (${RUNS} runs, ${(FILE_BYTES / 1024).toFixed(0)} KB file)`,
      `${((storeAfterRuns - storeAfterFirst) / RUNS / 1024).toFixed(1)} KB`,
      'follows the change',
      (storeAfterRuns - storeAfterFirst) / RUNS < 10 * FILE_BYTES ? 'pass' : 'FAIL',
    ],
  ];
  console.log(
    `checkpoints: ${FILES} files, ${RUNS} runs, medians (p90 one-file ${ms([...oneFile].sort((a, b) => a - b)[Math.floor(RUNS * 0.9)])})`,
  );
  for (const [what, figure, target, verdict] of rows)
    console.log(`  ${what.padEnd(62)} ${figure.padStart(12)}  ${target.padEnd(18)} ${verdict}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
