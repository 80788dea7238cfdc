// mcp: what MCP servers cost the app. Start: spawn → ready to type with 5 configured stdio
// servers of 20 tools each (bench/mcp-server.mjs) in the local settings, against the same app
// with the same settings file and no server, in the same run (the servers start in the
// background: the first frame and the prompt must not wait for them). The settings file is in
// both because reading one costs the same with or without servers (its validation loads zod).
// Result: the CPU of the whole tree from the prompt to the final answer when the model's one
// call returns 1 MB through an MCP tool, against the same 1 MB printed by a bash command.
import { fileURLToPath } from 'node:url';
import { median } from '../lib/stats.mjs';
import { quit, runOnce, submitPrompt, whenReady } from '../lib/subjects.mjs';

const SERVER = fileURLToPath(new URL('../mcp-server.mjs', import.meta.url));
const MB = 1024 * 1024;
const FINAL = 'The output is in.';
const PROMPT = 'Fetch the report';

function settings(servers) {
  if (servers === 0) return { '.tick/settings.local.json': '{}' };
  const mcpServers = {};
  for (let i = 1; i <= servers; i += 1)
    mcpServers[i === 1 ? 'bench' : `bench${i}`] = { command: process.execPath, args: [SERVER] };
  return { '.tick/settings.local.json': JSON.stringify({ mcpServers }) };
}

async function startTime(subject, servers) {
  return runOnce(
    subject,
    { script: [{ text: 'Ready.' }], files: settings(servers) },
    async ({ session }) => {
      const readyAt = await whenReady(subject, session);
      const { report } = await quit(subject, session);
      if (!report) throw new Error(`${subject.label}: no report from the wrapper`);
      return readyAt - Number(BigInt(report.spawnedAtNs)) / 1e6;
    },
  );
}

async function resultCpu(subject, via) {
  const line = 'tick bench: a line of build output, 0123456789 abcdefghijklmnopqrstuvwxyz\n';
  const files = { 'report.txt': line.repeat(Math.ceil(MB / line.length)).slice(0, MB) };
  if (via === 'mcp') Object.assign(files, settings(1));
  const call =
    via === 'mcp'
      ? { name: 'mcp__bench__big', arguments: { chars: MB } }
      : { name: 'bash', arguments: { command: 'cat report.txt' } };
  return runOnce(
    subject,
    { script: [{ toolCalls: [call] }, { text: FINAL }], files, prompt: PROMPT },
    async ({ session }) => {
      await whenReady(subject, session);
      // The server is up before the prompt (the prompt's first request waits for it anyway).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const before = session.cpuNow();
      await submitPrompt(subject, session, PROMPT);
      await session.waitForScreen((s) => s.includes(FINAL), {
        timeoutMs: 60_000,
        what: 'the final answer',
      });
      await session.waitQuiet(300, 3_000);
      return session.cpuNow() - before;
    },
  );
}

export default {
  name: 'mcp',
  async run({ tick, runs }) {
    if (tick.kind !== 'app') return { rows: [], samples: {} };
    const start = { none: [], five: [] };
    const cpu = { bash: [], mcp: [] };
    for (let i = 0; i < runs; i += 1) {
      start.five.push(await startTime(tick, 5));
      start.none.push(await startTime(tick, 0));
      cpu.mcp.push(await resultCpu(tick, 'mcp'));
      cpu.bash.push(await resultCpu(tick, 'bash'));
    }
    return {
      rows: [
        {
          figure: 'ready to type: 5 servers (100 tools) vs none (same settings file)',
          tick: median(start.five),
          floor: median(start.none),
          unit: 'ms',
          digits: 0,
          target: { ratioMax: 1.1, label: '≤ 1.1× no servers' },
        },
        {
          figure: 'CPU of a 1 MB result: MCP tool vs bash',
          tick: median(cpu.mcp),
          floor: median(cpu.bash),
          unit: 's',
          target: { ratioMax: 1.0, label: '≤ 1.0× bash' },
        },
      ],
      samples: { start, cpu },
    };
  },
};
