import { parsePythonLiteral } from '../../todos/parse-literal';

/**
 * Reads one JSON value (an object or array) that starts at `at`, leniently: what a model
 * writes by hand may use single quotes or Python's True/None (parsed as a literal, never
 * evaluated), and may stop before its last closing brackets (completed when `final`).
 */
export type JsonScan =
  | { kind: 'value'; value: unknown; end: number; truncated: boolean }
  | { kind: 'partial' }
  | { kind: 'no' };

export function scanJson(text: string, at: number, final: boolean): JsonScan {
  const open = text[at];
  if (open !== '{' && open !== '[') return { kind: 'no' };
  const closers: string[] = [];
  let quote = '';
  for (let i = at; i < text.length; i += 1) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') closers.push('}');
    else if (ch === '[') closers.push(']');
    else if (ch === '}' || ch === ']') {
      if (closers.pop() !== ch) return { kind: 'no' };
      if (closers.length === 0) {
        const value = parseLenient(text.slice(at, i + 1));
        return value === NOT_JSON
          ? { kind: 'no' }
          : { kind: 'value', value, end: i + 1, truncated: false };
      }
    }
  }
  if (!final) return { kind: 'partial' };
  // The text ended inside the value: close what is open, as the model meant to.
  const body = text.slice(at).replace(/[\s,]+$/, '');
  const value = parseLenient(body + quote + closers.reverse().join(''));
  return value === NOT_JSON
    ? { kind: 'no' }
    : { kind: 'value', value, end: text.length, truncated: true };
}

const NOT_JSON = Symbol('not json');

/**
 * JSON; else JSON whose strings hold raw line breaks (models write file contents so);
 * else a Python literal (single quotes, True/None, trailing commas).
 */
export function parseLenient(source: string): unknown {
  for (const attempt of [source, escapeRawBreaks(source)]) {
    try {
      return JSON.parse(attempt);
    } catch {
      // Next form.
    }
  }
  const literal = parsePythonLiteral(source);
  return literal.ok ? literal.value : NOT_JSON;
}

/** Raw line breaks and tabs inside double-quoted strings, escaped. */
function escapeRawBreaks(source: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (inString && ch === '\\') {
      out += ch + (source[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (ch === '"') inString = !inString;
    if (inString && (ch === '\n' || ch === '\r' || ch === '\t')) {
      out += ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : '\\t';
      continue;
    }
    out += ch;
  }
  return out;
}

/**
 * The keys of the object that starts at `at`, as far as the text goes: a stream shows
 * whether an object can be a call from its first key, long before it closes.
 * Undefined when the text there is not the start of an object with a quoted first key.
 */
export function firstKey(text: string, at: number): { key: string } | 'partial' | undefined {
  let i = at + 1;
  while (i < text.length && /\s/.test(text[i])) i += 1;
  if (i >= text.length) return 'partial';
  const quote = text[i];
  if (quote !== '"' && quote !== "'") return undefined;
  const close = text.indexOf(quote, i + 1);
  if (close === -1) return 'partial';
  return { key: text.slice(i + 1, close) };
}
