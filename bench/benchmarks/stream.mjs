// stream: a 55 KB Markdown answer in 13,700 chunks of 4 characters. CPU seconds
// of the whole process tree from spawn until the answer is on screen (the app:
// until the screen is quiet after it; the floor and print mode: until exit),
// bytes written to the terminal per byte of text, and peak RSS. For the app also
// the CPU it burns in the second after the answer, while idle.
import { END_SENTENCE, markdownAnswer } from '../lib/markdown.mjs';
import { sleep } from '../lib/pty-session.mjs';
import { median } from '../lib/stats.mjs';
import { runOnce, submitPrompt, whenReady } from '../lib/subjects.mjs';

const PROMPT = 'Write a long guide to the project in Markdown';

async function measure(subject, text, endSentence) {
  const script = [{ text, chunkSize: 4 }];
  return runOnce(subject, { script, prompt: PROMPT }, async ({ session }) => {
    await whenReady(subject, session);
    await submitPrompt(subject, session, PROMPT);
    await session.waitForScreen((s) => s.includes(endSentence), {
      timeoutMs: 90_000,
      what: 'the end of the answer',
    });
    const result = {};
    if (subject.kind === 'app') {
      result.quiet = await session.waitQuiet(300, 3_000);
      result.cpu = session.cpuNow();
      result.bytes = session.bytes;
      await sleep(1_000);
      result.idleCpu = session.cpuNow() - result.cpu;
      result.idleBytes = session.bytes - result.bytes;
    } else {
      const { report } = await session.exited;
      if (!report) throw new Error(`${subject.label}: no report from the wrapper`);
      result.cpu = report.cpuSeconds;
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
      figure: 'CPU, whole tree',
      tick: m('tick', 'cpu'),
      floor: m('floor', 'cpu'),
      unit: 's',
      target: { ratioMax: 1.3 },
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
