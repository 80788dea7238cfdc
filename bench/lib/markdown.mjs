// A deterministic Markdown answer of about 55 KB (headings, prose with inline
// marks, lists, tables, fenced code), like a long answer from a coding model.

const WORDS = (
  'the agent reads each file and plans the change before it edits anything so that ' +
  'a test run confirms the result while the terminal shows progress state cache ' +
  'module function request response stream token buffer render layout update ' +
  'config value parser error retry timeout handler queue worker session history'
).split(' ');

/** mulberry32: a tiny seeded PRNG, so every run streams the same text. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const END_SENTENCE = 'That is the end of the guide.';

export function markdownAnswer(targetChars = 54_800, seed = 7) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const s = words(8 + Math.floor(rand() * 10));
    const marked = rand() < 0.3 ? s.replace(/(\w+) (\w+)/, '**$1 $2**') : s;
    const coded = rand() < 0.3 ? marked.replace(/ (\w+)$/, ' `$1()`') : marked;
    return `${coded[0].toUpperCase()}${coded.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 3 + Math.floor(rand() * 3) }, sentence).join(' ');
  const blocks = [];
  let length = 0;
  let section = 0;
  const push = (block) => {
    blocks.push(block);
    length += block.length + 2;
  };
  const tail = `${END_SENTENCE}\n`;
  while (length < targetChars - 2_000) {
    section += 1;
    push(`## ${section}. ${words(3).replace(/^\w/, (c) => c.toUpperCase())}`);
    push(paragraph());
    const kind = section % 4;
    if (kind === 0) {
      push(Array.from({ length: 4 }, () => `- ${sentence()}`).join('\n'));
    } else if (kind === 1) {
      const body = Array.from(
        { length: 6 },
        (_, i) => `  const ${pick(WORDS)}${i} = await ${pick(WORDS)}(${pick(WORDS)}, ${i});`,
      );
      push(
        [
          '```ts',
          `export async function ${pick(WORDS)}Step${section}() {`,
          ...body,
          '}',
          '```',
        ].join('\n'),
      );
    } else if (kind === 2) {
      const rows = Array.from(
        { length: 4 },
        (_, i) => `| ${pick(WORDS)} | ${i * 7} | ${words(3)} |`,
      );
      push(['| name | count | note |', '| --- | ---: | --- |', ...rows].join('\n'));
    } else {
      push(Array.from({ length: 3 }, (_, i) => `${i + 1}. ${sentence()}`).join('\n'));
    }
    push(paragraph());
  }
  let text = `${blocks.join('\n\n')}\n\n`;
  // Pad with prose to the exact size, then the closing sentence the bench waits for.
  while (text.length + tail.length < targetChars) text += `${sentence()} `;
  text = `${text.slice(0, targetChars - tail.length - 2).trimEnd()}\n\n${tail}`;
  return text;
}
