// stream: a 55 KB Markdown answer in 13,700 chunks of 4 characters, from a server in its own
// process (bench/lib/server-process.mjs), so both programs get the stream at the same pace.
// CPU seconds of the whole process tree from spawn to exit, read the same way for both (the
// wrapper's rusage of its children): the app is quit with Ctrl+D once the answer is on screen
// and the screen has been quiet, and its exit (the conversation printed to the normal screen)
// counts, as it does for a user; the floor exits by itself. Also the CPU until the answer was
// on screen, bytes written to the terminal per byte of text, and peak RSS. For the app also
// the CPU it burns in the second after the answer, while idle.
import { END_SENTENCE, markdownAnswer } from '../lib/markdown.mjs';
import { sleep } from '../lib/pty-session.mjs';
import { median } from '../lib/stats.mjs';
import { quit, runOnce, submitPrompt, whenReady } from '../lib/subjects.mjs';

const PROMPT = 'Write a long guide to the project in Markdown';

async function measure(subject, text, endSentence) {
  const script = [{ text, chunkSize: 4 }];
  return runOnce(subject, { script, prompt: PROMPT, serverProcess: true }, async ({ session }) => {
    await whenReady(subject, session);
    await submitPrompt(subject, session, PROMPT);
    await session.waitForScreen((s) => s.includes(endSentence), {
      timeoutMs: 90_000,
      what: 'the end of the answer',
    });
    const result = {};
    if (subject.kind === 'app') {
      result.quiet = await session.waitQuiet(300, 3_000);
      result.shownCpu = session.cpuNow();
      result.bytes = session.bytes;
      await sleep(1_000);
      result.idleCpu = session.cpuNow() - result.shownCpu;
      result.idleBytes = session.bytes - result.bytes;
      await quit(subject, session);
    }
    const { report } = await session.exited;
    if (!report) throw new Error(`${subject.label}: no report from the wrapper`);
    result.cpu = report.cpuSeconds;
    if (subject.kind !== 'app') {
      result.shownCpu = report.cpuSeconds;
      result.bytes = session.bytes;
    }
    result.peakMb = session.sampler.state.peakHwmKb / 1024;
    result.frames = session.frames;
    return result;
  });
}

/** A benchmark that streams `answer()` (ending with `endSentence`) to tick and the floor. */
export function streamBenchmark(name, answer, endSentence) {
  return {
    name,
    run: (context) => runStream(name, context, answer(), endSentence),
  };
}

async function runStream(name, { tick, floor, runs }, text, endSentence) {
  const textBytes = Buffer.byteLength(text);
  const runsOf = { tick: [], floor: [] };
  for (let i = 0; i < runs; i += 1) {
    runsOf.tick.push(await measure(tick, text, endSentence));
    runsOf.floor.push(await measure(floor, text, endSentence));
  }
  const m = (who, field) => median(runsOf[who].map((r) => r[field]));
  const rows = [
    {
      figure: 'CPU, whole tree, start to exit',
      tick: m('tick', 'cpu'),
      floor: m('floor', 'cpu'),
      unit: 's',
      target: { ratioMax: 1.3 },
    },
    {
      figure: 'CPU until the answer is shown',
      tick: m('tick', 'shownCpu'),
      floor: m('floor', 'shownCpu'),
      unit: 's',
      target: { label: 'info' },
    },
    {
      figure: 'terminal bytes per text byte',
      tick: m('tick', 'bytes') / textBytes,
      floor: m('floor', 'bytes') / textBytes,
      target: { max: 1.3 },
    },
    {
      figure: 'peak RSS, whole tree',
      tick: m('tick', 'peakMb'),
      floor: m('floor', 'peakMb'),
      unit: 'MB',
      digits: 0,
      target: { ratioMax: 1.5 },
    },
  ];
  if (tick.kind === 'app') {
    rows.push({
      figure: 'frames drawn',
      tick: m('tick', 'frames'),
      digits: 0,
      target: { label: 'info' },
    });
    rows.push({
      figure: 'CPU in 1 s idle after',
      tick: m('tick', 'idleCpu'),
      unit: 's',
      digits: 3,
      target: { max: 0.02 },
    });
  }
  const notQuiet = runsOf.tick.filter((r) => r.quiet === false).length;
  const notes = notQuiet
    ? [`${name}: the app never went quiet after the answer in ${notQuiet} of ${runs} runs`]
    : [];
  return { rows, notes, samples: runsOf, textBytes };
}

export default streamBenchmark('stream', () => markdownAnswer(), END_SENTENCE);
