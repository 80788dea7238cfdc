// long session: one prompt that runs 1,000 tool calls, 20 of them todo_write
// updates (each alone in its turn) and the rest read_file, glob and bash echo,
// four to a turn as models batch them. Figures: peak RSS of the tree; RSS at the
// end against RSS after 15% of the calls (flat: history costs no memory beyond
// its data); CPU per frame in the last 10% of the calls against calls 5-15%
// (flat: drawing a frame does not grow with history). A run gets a time budget
// (BENCH_LONG_BUDGET_S, default 90 s); one that runs out is reported as such and
// not repeated.
import { readTree } from '../lib/proc-tree.mjs';
import { nowMs } from '../lib/pty-session.mjs';
import { median } from '../lib/stats.mjs';
import { runOnce, submitPrompt, whenReady } from '../lib/subjects.mjs';

const CALLS = Number(process.env.BENCH_LONG_CALLS ?? 1_000);
const BUDGET_MS = Number(process.env.BENCH_LONG_BUDGET_S ?? 90) * 1000;
const TODO_UPDATES = 20;
const PER_TURN = 4;
const FINAL = 'The long session is finished.';
const PROMPT = 'Go through every module and keep the todo list up to date';

const FILES = Object.fromEntries(
  Array.from({ length: 8 }, (_, i) => [`src/module-${i}.ts`, `export const value = ${i};\n`]),
);

function todoCall(done) {
  const todos = Array.from({ length: TODO_UPDATES }, (_, k) => ({
    content: `Review module group ${k + 1}`,
    activeForm: `Reviewing module group ${k + 1}`,
    status: k < done ? 'completed' : k === done ? 'in_progress' : 'pending',
  }));
  return { name: 'todo_write', arguments: { todos } };
}

function otherCall(i) {
  switch (i % 3) {
    case 0:
      return { name: 'read_file', arguments: { path: `src/module-${i % 8}.ts` } };
    case 1:
      return { name: 'glob', arguments: { pattern: 'src/*.ts' } };
    default:
      return { name: 'bash', arguments: { command: `echo step ${i}` } };
  }
}

/** The turns: a todo_write every CALLS/20 calls, other calls four to a turn between. */
function plan() {
  const turns = [];
  const every = CALLS / TODO_UPDATES;
  let calls = 0;
  for (let u = 0; u < TODO_UPDATES; u += 1) {
    turns.push([todoCall(u)]);
    calls += 1;
    const groupEnd = Math.round((u + 1) * every);
    while (calls < groupEnd) {
      const n = Math.min(PER_TURN, groupEnd - calls);
      turns.push(Array.from({ length: n }, (_, j) => otherCall(calls + j)));
      calls += n;
    }
  }
  return turns;
}

async function measure(subject, turns) {
  let session;
  /** marks[r]: the tree when request r arrived, with the calls answered by then. */
  const marks = [];
  let callsDone = 0;
  const script = (_request, r) => {
    if (session) {
      const tree = readTree(session.pid);
      marks.push({
        calls: callsDone,
        at: nowMs(),
        cpu: tree.cpuSeconds,
        rssKb: tree.rssKb,
        frames: session.frames,
      });
    }
    const turn = turns[r];
    if (!turn) return { text: FINAL };
    callsDone += turn.length;
    return {
      text: `Checking the next ${turn.length === 1 ? 'step' : 'files'}.`,
      toolCalls: turn,
      chunkSize: 64,
    };
  };
  return runOnce(subject, { script, prompt: PROMPT, files: FILES }, async (run) => {
    session = run.session;
    await whenReady(subject, session);
    const startedAt = nowMs();
    await submitPrompt(subject, session, PROMPT);
    let finished = true;
    try {
      await session.waitForScreen((s) => s.includes(FINAL), {
        timeoutMs: BUDGET_MS,
        what: 'the final answer',
      });
    } catch (error) {
      if (!session.alive) throw error;
      finished = false;
    }
    const reached = marks.length ? marks[marks.length - 1].calls : 0;
    const near = (calls) =>
      marks.reduce((best, m) =>
        Math.abs(m.calls - calls) < Math.abs(best.calls - calls) ? m : best,
      );
    const [a, b, c, d] = [0.05, 0.15, 0.9, 1].map((f) => near(f * reached));
    const perFrame = (from, to) => (to.cpu - from.cpu) / Math.max(1, to.frames - from.frames);
    return {
      finished,
      reached,
      seconds: (nowMs() - startedAt) / 1000,
      peakMb: session.sampler.state.peakHwmKb / 1024,
      rssGrowth: d.rssKb / b.rssKb,
      frameGrowth: perFrame(c, d) / perFrame(a, b),
      cpuPerFrameStartMs: perFrame(a, b) * 1000,
      cpuPerFrameEndMs: perFrame(c, d) * 1000,
      msPerCallStart: (b.at - a.at) / Math.max(1, b.calls - a.calls),
      msPerCallEnd: (d.at - c.at) / Math.max(1, d.calls - c.calls),
    };
  });
}

export default {
  name: 'long-session',
  async run({ tick, floor, runs }) {
    const turns = plan();
    const runsOf = { tick: [], floor: [] };
    for (let i = 0; i < runs; i += 1) {
      if (!runsOf.tick.some((r) => !r.finished)) runsOf.tick.push(await measure(tick, turns));
      runsOf.floor.push(await measure(floor, turns));
    }
    const m = (who, field) => median(runsOf[who].map((r) => r[field]));
    const app = tick.kind === 'app';
    const rows = [
      {
        figure: 'peak RSS, whole tree',
        tick: m('tick', 'peakMb'),
        floor: m('floor', 'peakMb'),
        unit: 'MB',
        digits: 0,
        target: { ratioMax: 1.5 },
      },
      {
        figure: 'RSS at end ÷ at 15%',
        tick: m('tick', 'rssGrowth'),
        floor: m('floor', 'rssGrowth'),
        target: { max: 1.25, label: '≤ 1.25 (flat)' },
      },
    ];
    if (app) {
      rows.push(
        {
          figure: 'CPU per frame, calls 5-15%',
          tick: m('tick', 'cpuPerFrameStartMs'),
          unit: 'ms',
          target: { label: 'info' },
        },
        {
          figure: 'CPU per frame, last 10%',
          tick: m('tick', 'cpuPerFrameEndMs'),
          unit: 'ms',
          target: { label: 'info' },
        },
        {
          figure: 'CPU per frame, end ÷ start',
          tick: m('tick', 'frameGrowth'),
          target: { max: 1.25, label: '≤ 1.25 (flat)' },
        },
      );
    }
    rows.push(
      {
        figure: 'wall per call, calls 5-15%',
        tick: m('tick', 'msPerCallStart'),
        floor: m('floor', 'msPerCallStart'),
        unit: 'ms',
        target: { label: 'info' },
      },
      {
        figure: 'wall per call, last 10%',
        tick: m('tick', 'msPerCallEnd'),
        floor: m('floor', 'msPerCallEnd'),
        unit: 'ms',
        target: { label: 'info' },
      },
      {
        figure: `calls done within ${BUDGET_MS / 1000} s`,
        tick: m('tick', 'reached'),
        floor: m('floor', 'reached'),
        digits: 0,
        target: { min: CALLS, label: `all ${CALLS}` },
      },
      {
        figure: 'wall time',
        tick: m('tick', 'seconds'),
        floor: m('floor', 'seconds'),
        unit: 's',
        digits: 1,
        target: { label: 'info' },
      },
    );
    const unfinished = runsOf.tick.find((r) => !r.finished);
    const notes = unfinished
      ? [
          `long-session: tick did not finish within ${BUDGET_MS / 1000} s (reached ${unfinished.reached} of ${CALLS} calls); its figures cover the calls it reached, from 1 run`,
        ]
      : [];
    return { rows, notes, samples: runsOf };
  },
};
