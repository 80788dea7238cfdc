/**
 * Small readers over the answer text that every format shares: white space (with the
 * zero-width characters leaked tokens leave), special tokens, openers matched as far as
 * the text goes (a stream may stop inside one), and code the prose quotes.
 */

/** White space, and the zero-width characters a stripped special token may leave. */
export function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && (/\s/.test(ch) || /[\u200b-\u200d\u2060\ufeff]/.test(ch));
}

export function skipSpaces(text: string, at: number): number {
  let i = at;
  while (i < text.length && isSpace(text[i])) i += 1;
  return i;
}

/** Horizontal white space only (the rest of the line). */
export function skipBlanks(text: string, at: number): number {
  let i = at;
  while (i < text.length && text[i] !== '\n' && isSpace(text[i])) i += 1;
  return i;
}

/**
 * Whether `word` stands at `at`: 'yes' (end after it), 'partial' (the text ends inside
 * it), or 'no'.
 */
export function matchWord(text: string, at: number, word: string): 'yes' | 'partial' | 'no' {
  const rest = text.length - at;
  if (rest >= word.length) return text.startsWith(word, at) ? 'yes' : 'no';
  return word.startsWith(text.slice(at)) ? 'partial' : 'no';
}

/** The first of `words` at `at`: its length, 'partial' when one may still come, else 'no'. */
export function matchAny(
  text: string,
  at: number,
  words: readonly string[],
): { word: string } | 'partial' | 'no' {
  let partial = false;
  for (const word of words) {
    const match = matchWord(text, at, word);
    if (match === 'yes') return { word };
    if (match === 'partial') partial = true;
  }
  return partial ? 'partial' : 'no';
}

/**
 * A special token of a chat template at `at`: `<|eot_id|>`, DeepSeek's `<｜end▁of▁sentence｜>`,
 * `</s>`. Returns its end, 'partial' when the text ends inside what may be one, or -1.
 */
export function specialTokenEnd(text: string, at: number): number | 'partial' {
  if (at >= text.length) return -1;
  if (text[at] !== '<') return -1;
  const pattern = /^(?:<[|｜][^\s<>|｜]{1,48}[|｜]>|<\/s>|<eos>|<end_of_turn>|<\/think>)/;
  const head = text.slice(at, at + 56);
  const match = pattern.exec(head);
  if (match) return at + match[0].length;
  if (at + head.length === text.length && /^<[|｜/a-z_]?[^\s<>]{0,48}$/.test(head))
    return 'partial';
  return -1;
}

/** Words of tokens that open a format: never skipped as leaked noise before a line. */
const OPENER_TOKENS = new Set([
  'python_tag',
  'python_start',
  'tool_call',
  'channel',
  'start',
  'constrain',
  'message',
  'tool_calls_section_begin',
  'tool_call_section_begin',
  'tool_call_begin',
  'action_start',
]);

/**
 * Skips leaked template tokens before a line's content (`<|assistant|>`, `<|/tool_call|>`,
 * `</think>`) and indentation; stops at a token that opens a format.
 */
export function skipLeakedTokens(text: string, at: number): number {
  let i = skipBlanks(text, at);
  for (;;) {
    const end = specialTokenEnd(text, i);
    if (typeof end !== 'number' || end < 0) return i;
    const word = text.slice(i + 2, end - 2);
    if (OPENER_TOKENS.has(word) || /tool.calls?.begin|DSML/i.test(text.slice(i, end))) return i;
    i = skipBlanks(text, end);
  }
}

/** Inside inline code on its line: an odd number of backticks between the line start and `at`. */
export function inInlineCode(text: string, lineStart: number, at: number): boolean {
  let ticks = 0;
  for (let i = lineStart; i < at; i += 1) if (text[i] === '`') ticks += 1;
  return ticks % 2 === 1;
}

/**
 * Where fenced code blocks are: follows the text line by line (it may grow) and says
 * whether a line starts inside one, as Markdown reads fences (``` or ~~~, closed by the
 * same character at least as long).
 */
export class FenceTracker {
  /** Start of the first line not yet read. */
  private next = 0;
  private fence: { char: string; length: number } | undefined;
  private readonly insideAt = new Map<number, boolean>();

  /** Whether the line starting at `lineStart` (complete or not) is inside a fence. */
  inside(text: string, lineStart: number): boolean {
    while (this.next <= lineStart) {
      const end = text.indexOf('\n', this.next);
      this.insideAt.set(this.next, this.fence !== undefined);
      if (end === -1 || this.next === lineStart) break;
      this.readLine(text.slice(this.next, end));
      this.next = end + 1;
    }
    return this.insideAt.get(lineStart) ?? this.fence !== undefined;
  }

  /** The text before `cut` (a line start) is dropped: positions shift down by `cut`. */
  forget(text: string, cut: number): void {
    this.inside(text, cut);
    this.next -= cut;
    const kept = [...this.insideAt].filter(([at]) => at >= cut);
    this.insideAt.clear();
    for (const [at, inside] of kept) this.insideAt.set(at - cut, inside);
  }

  private readLine(line: string): void {
    const match = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!match) return;
    const [, marks, rest] = match;
    if (!this.fence) {
      if (marks[0] === '`' && rest.includes('`')) return;
      this.fence = { char: marks[0], length: marks.length };
    } else if (marks[0] === this.fence.char && marks.length >= this.fence.length && !rest.trim()) {
      this.fence = undefined;
    }
  }
}
