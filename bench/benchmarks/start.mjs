// start: time from spawn until the program is ready to take input. The app: its
// prompt input on screen. The floor: its ready mark (the SDK loaded, the client
// made). Print mode has no input, so the stand-in and the floor are both timed to
// the first answer text on screen.
import { median } from '../lib/stats.mjs';
import { quit, runOnce, whenReady } from '../lib/subjects.mjs';

const ANSWER = 'Ready to help.';

async function measure(subject, standIn) {
  return runOnce(
    subject,
    { script: [{ text: ANSWER }], prompt: 'Say you are ready' },
    async ({ session }) => {
      const readyAt = standIn
        ? await session.waitForScreen((s) => s.includes(ANSWER), { what: 'the answer' })
        : await whenReady(subject, session);
      const { report } = await quit(subject, session);
      if (!report) throw new Error(`${subject.label}: no report from the wrapper`);
      return readyAt - Number(BigInt(report.spawnedAtNs)) / 1e6;
    },
  );
}

export default {
  name: 'start',
  async run({ tick, floor, runs }) {
    const standIn = tick.kind === 'print';
    const times = { tick: [], floor: [] };
    for (let i = 0; i < runs; i += 1) {
      times.tick.push(await measure(tick, standIn));
      times.floor.push(await measure(floor, standIn));
    }
    return {
      rows: [
        {
          figure: standIn ? 'spawn → first answer text' : 'spawn → ready to type',
          tick: median(times.tick),
          floor: median(times.floor),
          unit: 'ms',
          digits: 0,
          target: { ratioMax: 1.5 },
        },
      ],
      samples: times,
    };
  },
};
