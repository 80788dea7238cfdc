/**
 * JSON.parse with a useful error: line, column and what was expected. V8's own
 * messages differ between Node versions and often carry no position, so on failure
 * a small strict scanner walks the text to find the first error.
 */

export type JsonParseResult =
  { ok: true; value: unknown } | { ok: false; line: number; column: number; message: string };

class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseJsonWithLocation(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const { offset, message } = locateJsonError(text, error);
    const before = text.slice(0, offset).split('\n');
    return {
      ok: false,
      line: before.length,
      column: before[before.length - 1].length + 1,
      message,
    };
  }
}

/** Whether arrays and objects nest more than `limit` levels in a parsed value (no recursion). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth });
  }
  return false;
}

function locateJsonError(text: string, original: unknown): { offset: number; message: string } {
  try {
    new Scanner(text).document();
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { offset: error.offset, message: error.message };
  }
  // The scanner found nothing: fall back to V8's words and position, if any.
  const message = original instanceof Error ? original.message : String(original);
  const position = /at position (\d+)/.exec(message);
  return { offset: position ? Number(position[1]) : text.length, message };
}

function describe(char: string | undefined): string {
  if (char === undefined) return 'end of file';
  if (char === '\n') return 'a line break';
  return `'${char}'`;
}

class Scanner {
  private pos = 0;

  constructor(private readonly text: string) {}

  document(): void {
    this.value();
    this.space();
    if (this.pos < this.text.length) this.fail(`unexpected ${describe(this.peek())} after the end`);
  }

  private peek(): string | undefined {
    return this.pos < this.text.length ? this.text[this.pos] : undefined;
  }

  private fail(message: string): never {
    throw new JsonSyntaxError(this.pos, message);
  }

  private space(): void {
    while (/[ \t\n\r]/.test(this.peek() ?? '')) this.pos++;
  }

  private value(): void {
    this.space();
    const char = this.peek();
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    if (char === '-' || /[0-9]/.test(char ?? '')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return;
      }
    }
    this.fail(`expected a value, found ${describe(char)}`);
  }

  private object(): void {
    this.pos++;
    this.space();
    if (this.peek() === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.space();
      if (this.peek() === '}') this.fail("trailing comma before '}'");
      if (this.peek() !== '"')
        this.fail(`expected a property name in double quotes, found ${describe(this.peek())}`);
      this.string();
      this.space();
      if (this.peek() !== ':')
        this.fail(`expected ':' after the property name, found ${describe(this.peek())}`);
      this.pos++;
      this.value();
      this.space();
      const next = this.peek();
      this.pos++;
      if (next === '}') return;
      if (next !== ',') {
        this.pos--;
        this.fail(`expected ',' or '}', found ${describe(next)}`);
      }
    }
  }

  private array(): void {
    this.pos++;
    this.space();
    if (this.peek() === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.space();
      if (this.peek() === ']') this.fail("trailing comma before ']'");
      this.value();
      this.space();
      const next = this.peek();
      this.pos++;
      if (next === ']') return;
      if (next !== ',') {
        this.pos--;
        this.fail(`expected ',' or ']', found ${describe(next)}`);
      }
    }
  }

  private string(): void {
    this.pos++;
    for (;;) {
      const char = this.peek();
      if (char === undefined) this.fail('unterminated string');
      if (char === '"') {
        this.pos++;
        return;
      }
      if (char < ' ') this.fail(`control character in a string (${describe(char)})`);
      if (char === '\\') {
        const escape = this.text[this.pos + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) {
            this.fail('invalid \\u escape');
          }
          this.pos += 6;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) this.fail('invalid escape');
        this.pos += 2;
        continue;
      }
      this.pos++;
    }
  }

  private number(): void {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.text.slice(this.pos));
    if (!match) this.fail('invalid number');
    this.pos += match[0].length;
  }
}
