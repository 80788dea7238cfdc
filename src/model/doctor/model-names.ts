/** Model names as servers list them: Ollama's tags, and the names close to a mistyped one. */

/** Ollama names a model without a tag `name:latest`. */
export function sameModel(listed: string, asked: string): boolean {
  const tagged = (name: string) => (/:[^/]+$/.test(name) ? name : `${name}:latest`);
  return tagged(listed) === tagged(asked);
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const kept = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length];
}

/** Up to three listed names close to `asked`: the same family (`qwen3` ~ `qwen3:8b`) or a typo away. */
export function closeNames(asked: string, listed: readonly string[]): string[] {
  const wanted = asked.toLowerCase();
  const base = (name: string) => name.toLowerCase().replace(/:[^/]+$/, '');
  const scored = listed.map((name) => {
    const lower = name.toLowerCase();
    const family =
      base(name) === base(wanted) ||
      lower.includes(base(wanted)) ||
      base(wanted).includes(base(name));
    return { name, score: family ? 0 : distance(base(wanted), base(name)) };
  });
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return scored
    .filter((entry) => entry.score <= limit)
    .sort((a, b) => a.score - b.score)
    .slice(0, 3)
    .map((entry) => entry.name);
}
