// big output: one bash call that prints 50 MB. Peak RSS of the whole tree (tick,
// bash and the command) must stay under 200 MB, and the app must stay
// responsive: while the command runs, a key is typed every 100 ms and timed from
// the keypress to its echo in the prompt input on screen. The floor runs no tools,
// so it has no figure here.
import { nowMs, sleep } from '../lib/pty-session.mjs';
import { max, median } from '../lib/stats.mjs';
import { runOnce, submitPrompt, whenReady } from '../lib/subjects.mjs';

const BYTES = 50 * 1024 * 1024;
const COMMAND = `yes 'tick bench: a line of build output, 0123456789 abcdefghijklmnopqrstuvwxyz' | head -c ${BYTES}`;
const FINAL = 'The command printed a lot of output.';
const PROMPT = 'Run the noisy build';
/** Typed one key at a time; a run never types more than this. */
const PROBE = 'zqxjkvbwpyfgmhzqxjkvbwpyfgmhzqxjkvbwpyfgmhzqxjkvbwpyfgmh';

async function measure(subject) {
  let finishedAt = Infinity;
  let startedAt = Infinity;
  const script = (_request, i) => {
    if (i === 0) {
      startedAt = nowMs();
      return { toolCalls: [{ name: 'bash', arguments: { command: COMMAND, timeout: 120_000 } }] };
    }
    finishedAt = Math.min(finishedAt, nowMs());
    return { text: FINAL };
  };
  return runOnce(subject, { script, prompt: PROMPT }, async ({ session }) => {
    await whenReady(subject, session);
    await submitPrompt(subject, session, PROMPT);
    const echoes = [];
    if (subject.kind === 'app') {
      // Wait for the call to be on its way, then type while it runs.
      for (const until = nowMs() + 10_000; startedAt === Infinity && nowMs() < until;)
        await sleep(5);
      for (let n = 1; n <= PROBE.length && nowMs() < finishedAt; n += 1) {
        const typed = PROBE.slice(0, n);
        const sentAt = nowMs();
        session.write(PROBE[n - 1]);
        const shownAt = await session.waitForScreen((s) => s.includes(typed), {
          timeoutMs: 30_000,
          what: `the typed "${typed}"`,
        });
        if (sentAt < finishedAt) echoes.push(shownAt - sentAt);
        await sleep(Math.max(0, 100 - (nowMs() - sentAt)));
      }
    }
    await session.waitForScreen((s) => s.includes(FINAL), {
      timeoutMs: 120_000,
      what: 'the final answer',
    });
    return {
      peakMb: session.sampler.state.peakHwmKb / 1024,
      // From the model's call leaving the server to the result coming back.
      commandSeconds: (finishedAt - startedAt) / 1000,
      echoes,
    };
  });
}

export default {
  name: 'big-output',
  async run({ tick, runs }) {
    const results = [];
    for (let i = 0; i < runs; i += 1) results.push(await measure(tick));
    const echoes = results.flatMap((r) => r.echoes);
    const rows = [
      {
        figure: 'peak RSS, whole tree',
        tick: max(results.map((r) => r.peakMb)),
        unit: 'MB',
        digits: 0,
        target: { max: 200, label: '≤ 200 MB (worst run)' },
      },
    ];
    if (tick.kind === 'app') {
      rows.push(
        {
          figure: 'key echo while it runs, median',
          tick: median(echoes),
          unit: 'ms',
          digits: 0,
          target: { max: 50 },
        },
        {
          figure: 'key echo while it runs, worst',
          tick: max(echoes),
          unit: 'ms',
          digits: 0,
          target: { max: 200 },
        },
        {
          figure: 'bash call, wall time',
          tick: median(results.map((r) => r.commandSeconds)),
          unit: 's',
          target: { label: 'info' },
        },
      );
    }
    const notes =
      tick.kind === 'app' && echoes.length < runs
        ? [`big-output: only ${echoes.length} keys were timed while the command ran`]
        : [];
    return { rows, notes, samples: results };
  },
};
