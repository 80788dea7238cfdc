/**
 * The shell commands a command's body runs before its prompt is sent, as Claude Code
 * writes them: `` !`cmd` `` where the `!` starts a line or follows white space, and fenced
 * blocks opened with ```` ```! ````. Their output takes their place. Inside other fenced
 * code blocks they are examples (a skill about writing commands shows them), not run.
 */

export interface ShellInjection {
  /** Where the placeholder starts and ends in the body. */
  start: number;
  end: number;
  command: string;
  /** 0-based line of the body it starts on. */
  line: number;
}

const INLINE = /(^|[ \t\r\n])!`([^`\n]+)`/g;
const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;

/** The placeholders of a body, in order. */
export function findShellInjections(body: string): ShellInjection[] {
  const found: ShellInjection[] = [];
  const lines = body.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  // Fenced blocks: a ```! block is a command; any other fence hides what is inside it.
  const hidden: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const fence = open[1];
    let close = i + 1;
    while (
      close < lines.length &&
      !new RegExp(`^[ \\t]*${fence[0]}{${fence.length},}[ \\t]*$`).test(lines[close])
    ) {
      close += 1;
    }
    const start = lineStarts[i];
    const end = close < lines.length ? lineStarts[close] + lines[close].length : body.length;
    if (fence[0] === '`' && open[2].trim() === '!') {
      const command = lines
        .slice(i + 1, close)
        .join('\n')
        .trim();
      if (command) found.push({ start, end, command, line: i });
    }
    hidden.push([start, end]);
    i = close;
  }
  const isHidden = (at: number) => hidden.some(([start, end]) => at >= start && at < end);
  for (const match of body.matchAll(INLINE)) {
    const start = (match.index ?? 0) + match[1].length;
    if (isHidden(start)) continue;
    const command = match[2].trim();
    if (!command) continue;
    const line = lineStarts.findLastIndex((lineStart) => lineStart <= start);
    found.push({ start, end: start + match[0].length - match[1].length, command, line });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The body with each placeholder replaced by its output. */
export function replaceInjections(
  body: string,
  injections: readonly ShellInjection[],
  outputs: readonly string[],
): string {
  let out = '';
  let at = 0;
  injections.forEach((injection, i) => {
    out += body.slice(at, injection.start) + outputs[i];
    at = injection.end;
  });
  return out + body.slice(at);
}
