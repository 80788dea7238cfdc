// tick latency: the time from the scripted server finishing a todo_write call to
// the screen showing the new state ("Todos k/N"). The server holds each call
// until the previous state has been on screen for a while, then sends it whole
// (one chunk, so it finishes within a millisecond of the release); the clock runs
// from the release to the arrival of the bytes that put "Todos k/N" on screen.
import { sleep, nowMs } from '../lib/pty-session.mjs';
import { createGate } from '../lib/scripted-server.mjs';
import { max, median } from '../lib/stats.mjs';
import { runOnce, submitPrompt, whenReady } from '../lib/subjects.mjs';

const ITEMS = 8;
const UPDATES = 7;
const SETTLE_MS = 250;
const PROMPT = 'Plan the work with todos and do it step by step';

function todos(done) {
  return Array.from({ length: ITEMS }, (_, i) => ({
    content: `Step ${i + 1}: change module ${i + 1}`,
    activeForm: `Changing module ${i + 1}`,
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));
}

const todoTurn = (done, gate) => ({
  toolCalls: [{ name: 'todo_write', arguments: { todos: todos(done) } }],
  chunkSize: 100_000,
  ...(gate ? { waitFor: gate.wait } : {}),
});

/** "Todos k/N" (the app's panel header, the floor's line) or "(k/N completed)" (stream-json). */
const shows = (k) => {
  const pattern = new RegExp(`Todos ${k}/${ITEMS}\\b|\\(${k}/${ITEMS} completed\\)`);
  return (screen) => pattern.test(screen);
};

async function measure(subject) {
  const gates = Array.from({ length: UPDATES + 1 }, () => createGate());
  const script = (_request, i) =>
    i === 0 ? todoTurn(0) : i <= UPDATES ? todoTurn(i, gates[i]) : { text: 'All steps are done.' };
  const options = { script, prompt: PROMPT, format: 'stream-json' };
  return runOnce(subject, options, async ({ session }) => {
    await whenReady(subject, session);
    await submitPrompt(subject, session, PROMPT);
    await session.waitForScreen(shows(0), { what: `Todos 0/${ITEMS}` });
    const latencies = [];
    for (let k = 1; k <= UPDATES; k += 1) {
      await gates[k].reached;
      await sleep(SETTLE_MS);
      const released = nowMs();
      gates[k].open();
      const shownAt = await session.waitForScreen(shows(k), { what: `Todos ${k}/${ITEMS}` });
      latencies.push(shownAt - released);
    }
    return latencies;
  });
}

export default {
  name: 'tick-latency',
  async run({ tick, floor, runs }) {
    const all = { tick: [], floor: [] };
    for (let i = 0; i < runs; i += 1) {
      all.tick.push(...(await measure(tick)));
      all.floor.push(...(await measure(floor)));
    }
    return {
      rows: [
        {
          figure: 'todo_write → panel, median',
          tick: median(all.tick),
          floor: median(all.floor),
          unit: 'ms',
          digits: 1,
          target: { max: 50 },
        },
        {
          figure: 'todo_write → panel, worst',
          tick: max(all.tick),
          floor: max(all.floor),
          unit: 'ms',
          digits: 1,
          target: { max: 50 },
        },
      ],
      samples: all,
    };
  },
};
