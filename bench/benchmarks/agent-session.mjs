// agent session: the cost of a long task, one tool call per round as agents mostly work.
// 310 rounds: 300 bash calls and 10 todo_write updates, each alone in its turn, against
// the agent-loop floor (bench/agent-floor.mjs: the same SDK streaming each turn, each bash
// call run with child_process, the whole history sent back). CPU is the whole tree's,
// counted by the kernel: the wrapper's cutime + cstime once the program has exited holds
// every process it started, however short-lived (sampling /proc would miss most bash
// calls). Figures: CPU and peak RSS, tick ÷ floor, median of BENCH_RUNS (at least 3).
import { fileURLToPath } from 'node:url';
import { median } from '../lib/stats.mjs';
import { quit, runOnce, submitPrompt, whenReady } from '../lib/subjects.mjs';

const BASH_CALLS = Number(process.env.BENCH_AGENT_CALLS ?? 300);
const TODO_UPDATES = 10;
const BUDGET_MS = Number(process.env.BENCH_AGENT_BUDGET_S ?? 240) * 1000;
const FINAL = 'The agent session is finished.';
const PROMPT = 'Check every module and keep the plan up to date';

export const agentFloorSubject = {
  name: 'floor',
  kind: 'floor',
  label: 'agent-loop floor (bench/agent-floor.mjs)',
  argv: (prompt) => [fileURLToPath(new URL('../agent-floor.mjs', import.meta.url)), prompt],
};

function todoCall(done) {
  const todos = Array.from({ length: TODO_UPDATES }, (_, k) => ({
    content: `Check module group ${k + 1}`,
    activeForm: `Checking module group ${k + 1}`,
    status: k < done ? 'completed' : k === done ? 'in_progress' : 'pending',
  }));
  return { name: 'todo_write', arguments: { todos } };
}

/** One call per round: a todo update before every 30 bash calls. */
function plan() {
  const rounds = [];
  const every = BASH_CALLS / TODO_UPDATES;
  for (let i = 0; i < BASH_CALLS; i += 1) {
    if (i % every === 0) rounds.push(todoCall(i / every));
    rounds.push({ name: 'bash', arguments: { command: `echo module ${i}; ls` } });
  }
  return rounds;
}

async function measure(subject, rounds) {
  const script = (_request, r) => {
    const call = rounds[r];
    if (!call) return { text: FINAL };
    return { text: `Round ${r + 1}.`, toolCalls: [call], chunkSize: 64 };
  };
  const files = { 'src/a.ts': 'export const a = 1;\n', 'README.md': '# project\n' };
  return runOnce(subject, { script, prompt: PROMPT, files }, async ({ session }) => {
    await whenReady(subject, session);
    await submitPrompt(subject, session, PROMPT);
    await session.waitForScreen((s) => s.includes(FINAL), {
      timeoutMs: BUDGET_MS,
      what: 'the final answer',
    });
    const peakMb = session.sampler.state.peakHwmKb / 1024;
    const frames = session.frames;
    const { report } = await quit(subject, session);
    if (!report) throw new Error(`${subject.name} did not exit normally`);
    return { cpuSeconds: report.cpuSeconds, peakMb, frames };
  });
}

export default {
  name: 'agent-session',
  async run({ tick, runs }) {
    const rounds = plan();
    const runsOf = { tick: [], floor: [] };
    for (let i = 0; i < Math.max(3, runs); i += 1) {
      runsOf.tick.push(await measure(tick, rounds));
      runsOf.floor.push(await measure(agentFloorSubject, rounds));
    }
    const m = (who, field) => median(runsOf[who].map((r) => r[field]));
    return {
      rows: [
        {
          figure: `CPU, whole tree (${rounds.length} rounds)`,
          tick: m('tick', 'cpuSeconds'),
          floor: m('floor', 'cpuSeconds'),
          unit: 's',
          target: { ratioMax: 1.5 },
        },
        {
          figure: 'frames drawn',
          tick: m('tick', 'frames'),
          digits: 0,
          target: { label: 'info' },
        },
        {
          figure: 'peak RSS, whole tree',
          tick: m('tick', 'peakMb'),
          floor: m('floor', 'peakMb'),
          unit: 'MB',
          digits: 0,
          target: { ratioMax: 1.5 },
        },
      ],
      samples: runsOf,
    };
  },
};
