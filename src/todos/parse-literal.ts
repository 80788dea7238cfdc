/**
 * Reads a Python literal (what `repr()` of a list of dicts prints: single quotes,
 * True/False/None, tuples, trailing commas) into plain data. It is a tokenizer
 * and a recursive-descent parser over literals only: nothing is evaluated, and
 * any name other than True/False/None (or JSON's true/false/null) is an error.
 */

export type LiteralResult = { ok: true; value: unknown } | { ok: false; error: string };

type Token =
  | { kind: 'punct'; text: string; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; text: string; at: number };

class LiteralError extends Error {}

const PUNCT = new Set(['[', ']', '(', ')', '{', '}', ',', ':']);
const NAMES: Record<string, unknown> = {
  True: true,
  False: false,
  None: null,
  true: true,
  false: false,
  null: null,
};
const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\x07',
  '0': '\0',
  '\n': '',
};

function readString(src: string, start: number, raw: boolean): { value: string; end: number } {
  const quote = src[start];
  const triple = src.startsWith(quote.repeat(3), start);
  const close = triple ? quote.repeat(3) : quote;
  let i = start + close.length;
  let out = '';
  while (i < src.length) {
    if (src.startsWith(close, i)) return { value: out, end: i + close.length };
    const ch = src[i];
    if (ch === '\n' && !triple) break;
    if (ch !== '\\') {
      out += ch;
      i += 1;
      continue;
    }
    const next = src[i + 1] ?? '';
    if (raw) {
      out += ch + next;
      i += 2;
      continue;
    }
    if (next in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[next];
      i += 2;
      continue;
    }
    const hexLength = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    const hex = src.slice(i + 2, i + 2 + hexLength);
    if (hexLength > 0 && hex.length === hexLength && /^[0-9a-fA-F]+$/.test(hex)) {
      out += String.fromCodePoint(parseInt(hex, 16));
      i += 2 + hexLength;
      continue;
    }
    // Python keeps unknown escapes as written.
    out += ch + next;
    i += 2;
  }
  throw new LiteralError(`unterminated string starting at ${start}`);
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/\s/.test(ch)) {
      i += 1;
    } else if (PUNCT.has(ch)) {
      tokens.push({ kind: 'punct', text: ch, at: i });
      i += 1;
    } else if (ch === "'" || ch === '"' || /^[rRuUbB]['"]/.test(src.slice(i, i + 2))) {
      const prefixed = ch !== "'" && ch !== '"';
      const raw = prefixed && (ch === 'r' || ch === 'R');
      const { value, end } = readString(src, prefixed ? i + 1 : i, raw);
      tokens.push({ kind: 'string', value, at: i });
      i = end;
    } else if (/[-+\d.]/.test(ch)) {
      const match = /^[-+]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][-+]?\d+)?/.exec(src.slice(i));
      if (!match) throw new LiteralError(`unexpected '${ch}' at ${i}`);
      tokens.push({ kind: 'number', value: Number(match[0].replace(/_/g, '')), at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const name = /^[A-Za-z_]\w*/.exec(src.slice(i))![0];
      tokens.push({ kind: 'name', text: name, at: i });
      i += name.length;
    } else {
      throw new LiteralError(`unexpected '${ch}' at ${i}`);
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parseAll(): unknown {
    const value = this.value();
    const extra = this.tokens[this.pos];
    if (extra) throw new LiteralError(`unexpected text at ${extra.at}`);
    return value;
  }

  private peekPunct(text: string): boolean {
    const token = this.tokens[this.pos];
    return token?.kind === 'punct' && token.text === text;
  }

  private expect(text: string): void {
    if (!this.peekPunct(text)) {
      const token = this.tokens[this.pos];
      throw new LiteralError(`expected '${text}' ${token ? `at ${token.at}` : 'at the end'}`);
    }
    this.pos += 1;
  }

  /** Comma-separated items up to `close`; a trailing comma is allowed. */
  private items(close: string, item: () => void): void {
    while (!this.peekPunct(close)) {
      item();
      if (!this.peekPunct(',')) break;
      this.pos += 1;
    }
    this.expect(close);
  }

  private value(): unknown {
    const token = this.tokens[this.pos];
    if (!token) throw new LiteralError('unexpected end of input');
    this.pos += 1;
    switch (token.kind) {
      case 'string': {
        // Adjacent literals concatenate, as in Python: 'a' 'b' == 'ab'.
        let text = token.value;
        for (
          let next = this.tokens[this.pos];
          next?.kind === 'string';
          next = this.tokens[this.pos]
        ) {
          text += next.value;
          this.pos += 1;
        }
        return text;
      }
      case 'number':
        return token.value;
      case 'name':
        if (token.text in NAMES) return NAMES[token.text];
        throw new LiteralError(`'${token.text}' is not a literal (at ${token.at})`);
      case 'punct':
        return this.container(token);
    }
  }

  private container(token: Token & { kind: 'punct' }): unknown {
    if (token.text === '[' || token.text === '(') {
      const list: unknown[] = [];
      this.items(token.text === '[' ? ']' : ')', () => list.push(this.value()));
      return list;
    }
    if (token.text === '{') {
      const dict: Record<string, unknown> = {};
      this.items('}', () => {
        const key = this.value();
        if (typeof key !== 'string' && typeof key !== 'number') {
          throw new LiteralError('dict keys must be strings or numbers');
        }
        this.expect(':');
        // defineProperty, not assignment: a '__proto__' key stays a plain key.
        Object.defineProperty(dict, String(key), {
          value: this.value(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      });
      return dict;
    }
    throw new LiteralError(`unexpected '${token.text}' at ${token.at}`);
  }
}

export function parsePythonLiteral(src: string): LiteralResult {
  try {
    return { ok: true, value: new Parser(tokenize(src)).parseAll() };
  } catch (err) {
    if (err instanceof LiteralError) return { ok: false, error: err.message };
    throw err;
  }
}
