// The text-call filter alone (src/model/text-calls/, through the recovering client, as the
// app streams an answer): the stream benchmark's Markdown answer and the call-like one in
// 4-character deltas, CPU time per answer (median of RUNS after a warm-up), and with no
// recovery for comparison. The sources are bundled with esbuild into bench/.build.
//   node bench/text-call-filter.mjs            FILTER_RUNS=30 (default 20)
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { callLikeAnswer } from './lib/call-like.mjs';
import { markdownAnswer } from './lib/markdown.mjs';
import { median } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}bench/.build/text-call-filter.mjs`;
mkdirSync(`${root}bench/.build`, { recursive: true });
await build({
  entryPoints: [`${root}src/model/text-calls/recovering-client.ts`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  logLevel: 'error',
});
const { withTextCallRecovery } = await import(out);

const RUNS = Number(process.env.FILTER_RUNS ?? 20);
const TOOLS = [{ type: 'function', function: { name: 'bash', parameters: { type: 'object' } } }];

/** A client that streams `text` in deltas of `size` characters, as the SDK client does. */
function scripted(text, size) {
  return {
    model: 'x',
    async *stream() {
      for (let at = 0; at < text.length; at += size)
        yield { type: 'text_delta', text: text.slice(at, at + size) };
      return { content: text, reasoning: '', toolCalls: [], finishReason: 'stop' };
    },
  };
}

/** A wrapper that only passes events on: what any layer of generator costs. */
function passThrough(client) {
  return {
    model: client.model,
    async *stream(request) {
      return yield* client.stream(request);
    },
  };
}

async function consume(client) {
  const request = { messages: [], tools: TOOLS, signal: new AbortController().signal };
  const events = client.stream(request);
  let shown = 0;
  for (;;) {
    const next = await events.next();
    if (next.done) return { shown, turn: next.value };
    if (next.value.type === 'text_delta') shown += next.value.text.length;
  }
}

/** The first run (cold, as the app meets its one answer) and the median of the rest. */
async function time(makeClient) {
  const figures = [];
  for (let run = 0; run < RUNS + 2; run += 1) {
    const start = process.cpuUsage();
    await consume(makeClient());
    const used = process.cpuUsage(start);
    figures.push((used.user + used.system) / 1000);
  }
  return { first: figures[0], warm: median(figures.slice(2)) };
}

for (const [name, text] of [
  ['markdown', markdownAnswer()],
  ['call-like', callLikeAnswer()],
]) {
  const bare = await time(() => scripted(text, 4));
  const layer = await time(() => passThrough(scripted(text, 4)));
  const recovering = await time(() => withTextCallRecovery(scripted(text, 4)));
  const { shown } = await consume(withTextCallRecovery(scripted(text, 4)));
  if (shown !== text.length) throw new Error(`${name}: ${shown} of ${text.length} shown`);
  console.log(
    `${name.padEnd(10)} ${text.length} chars, ms first / warm median: ` +
      `with recovery ${recovering.first.toFixed(1)} / ${recovering.warm.toFixed(1)}, ` +
      `a pass-through layer ${layer.first.toFixed(1)} / ${layer.warm.toFixed(1)}, ` +
      `without ${bare.first.toFixed(1)} / ${bare.warm.toFixed(1)}`,
  );
}
