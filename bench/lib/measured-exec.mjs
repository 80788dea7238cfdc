// Wrapper run inside the PTY: spawns the measured command as its child and, when
// it exits, writes a JSON report: when the child was spawned (the monotonic clock,
// which every process on the machine shares) and the CPU seconds of the child's
// whole tree (cutime+cstime: the kernel adds every reaped descendant's times).
// Usage: node measured-exec.mjs REPORT.json COMMAND [ARGS...]
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [reportPath, command, ...args] = process.argv.slice(2);
const spawnedAtNs = process.hrtime.bigint();
// Node flags for the child alone (--cpu-prof is not allowed in NODE_OPTIONS).
const { BENCH_CHILD_NODE_FLAGS: flags, ...env } = process.env;
const child = spawn(command, [...(flags ? flags.split(' ') : []), ...args], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
// A terminal's Ctrl+C already reaches the child (same process group): just outlive it.
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [cutime, cstime] = fields.slice(13, 15).map(Number);
  const report = {
    spawnedAtNs: String(spawnedAtNs),
    childPid: child.pid,
    cpuSeconds: (cutime + cstime) / 100,
    code,
    signal,
  };
  writeFileSync(reportPath, JSON.stringify(report));
  process.exit(code ?? 1);
});
