// Reads a process tree from /proc (Linux): CPU seconds and resident memory of
// every live descendant of a pid. Reaped children need no tracking: the kernel
// adds their times to their parent's cutime/cstime.
import { readFileSync, readdirSync } from 'node:fs';

/** USER_HZ: the unit of /proc/<pid>/stat times; 100 on every mainstream Linux build. */
const CLOCK_TICKS = 100;

/** Pids of all live descendants of `pid` (not `pid` itself), parents before children. */
export function descendants(pid) {
  const out = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift();
    for (const child of childrenOf(next)) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function childrenOf(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const pids = [];
  for (const task of tasks) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) pids.push(...text.split(/\s+/).map(Number));
    } catch {
      // The task ended between the listing and the read.
    }
  }
  return pids;
}

/** utime+stime+cutime+cstime of one process in seconds, or null once it is gone. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return (utime + stime + cutime + cstime) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** {rssKb, hwmKb} of one process (VmRSS now, VmHWM its peak), or null once it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = /^VmRSS:\s+(\d+)/m.exec(status);
    const hwm = /^VmHWM:\s+(\d+)/m.exec(status);
    if (!rss || !hwm) return null; // a zombie has no memory lines
    return { rssKb: Number(rss[1]), hwmKb: Number(hwm[1]) };
  } catch {
    return null;
  }
}

/** One reading of the tree under `rootPid` (the root itself excluded: it is the wrapper). */
export function readTree(rootPid) {
  let cpuSeconds = 0;
  let rssKb = 0;
  let hwmKb = 0;
  const pids = descendants(rootPid);
  for (const pid of pids) {
    cpuSeconds += cpuSecondsOf(pid) ?? 0;
    const memory = memoryOf(pid);
    if (memory) {
      rssKb += memory.rssKb;
      hwmKb += memory.hwmKb;
    }
  }
  return { cpuSeconds, rssKb, hwmKb, pids };
}

/**
 * Samples the tree every `intervalMs` until stop(): peak of the summed VmHWM (each
 * process's own peak, so short spikes between samples still count) and of VmRSS.
 */
export function startTreeSampler(rootPid, intervalMs = 50) {
  const state = { peakHwmKb: 0, peakRssKb: 0, lastCpuSeconds: 0, samples: 0 };
  const sample = () => {
    const tree = readTree(rootPid);
    if (!tree.pids.length) return tree;
    state.samples += 1;
    state.peakHwmKb = Math.max(state.peakHwmKb, tree.hwmKb);
    state.peakRssKb = Math.max(state.peakRssKb, tree.rssKb);
    state.lastCpuSeconds = Math.max(state.lastCpuSeconds, tree.cpuSeconds);
    return tree;
  };
  const timer = setInterval(sample, intervalMs);
  return {
    state,
    /** Reads now (and counts the reading towards the peaks). */
    sample,
    stop() {
      clearInterval(timer);
    },
  };
}
