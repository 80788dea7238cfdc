/**
 * A call in Python syntax, `name(key="value", n=1)`: keyword arguments only, each value a
 * Python literal (read, never evaluated). Positional arguments make it ordinary code, with
 * one exception: a single object of arguments, `name({"key": "value"})`, which models
 * that print calls as function applications write (Mistral through LiteLLM).
 */
import { parsePythonLiteral } from '../../todos/parse-literal';
import type { TextCall } from './types';

const NAME = /^[A-Za-z_][\w.]*/;

export type PythonCallRead = { call: TextCall; end: number } | 'partial' | 'no';

/** The `)` that closes the `(` at `open`, skipping strings and nested brackets; -1 if none yet. */
function closingParen(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      const triple = text.startsWith(ch.repeat(3), i);
      const quote = triple ? ch.repeat(3) : ch;
      let j = i + quote.length;
      while (j < text.length && !text.startsWith(quote, j)) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return -1;
      i = j + quote.length - 1;
    } else if (ch === '(' || ch === '[' || ch === '{') {
      stack.push(ch === '(' ? ')' : ch === '[' ? ']' : '}');
    } else if (ch === ')' || ch === ']' || ch === '}') {
      if (stack.pop() !== ch) return -2;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Splits `a=1, b=[1, 2]` at its top-level commas. */
function topLevelParts(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if ('([{'.includes(ch)) depth += 1;
    else if (')]}'.includes(ch)) depth -= 1;
    else if (ch === ',' && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(source.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

export function readPythonCall(text: string, at: number): PythonCallRead {
  const name = NAME.exec(text.slice(at, at + 201))?.[0];
  if (!name) return 'no';
  const open = at + name.length;
  if (open >= text.length) return 'partial';
  if (text[open] !== '(') return 'no';
  const close = closingParen(text, open);
  if (close === -1) return 'partial';
  if (close < 0) return 'no';
  const parts = topLevelParts(text.slice(open + 1, close));
  const single = parts.length === 1 ? argumentObject(parts[0]) : undefined;
  if (single) return { call: { name, arguments: JSON.stringify(single) }, end: close + 1 };
  const args: Record<string, unknown> = {};
  for (const part of parts) {
    const keyword = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(part);
    if (!keyword) return 'no';
    const value = parsePythonLiteral(keyword[2]);
    if (!value.ok) return 'no';
    args[keyword[1]] = value.value;
  }
  return { call: { name, arguments: JSON.stringify(args) }, end: close + 1 };
}

/** `{"key": value, ...}` with quoted keys: the arguments as one object; undefined otherwise. */
function argumentObject(part: string): Record<string, unknown> | undefined {
  if (!/^\{\s*(?:["'][^"']+["']\s*:|\})/.test(part)) return undefined;
  const value = parsePythonLiteral(part);
  const object = value.ok ? value.value : undefined;
  return object && typeof object === 'object' && !Array.isArray(object)
    ? (object as Record<string, unknown>)
    : undefined;
}

/** Whether a Python call may start at `at`: a name then `(`, as far as the text goes. */
export function pythonCallOpener(text: string, at: number): 'yes' | 'partial' | 'no' {
  const name = NAME.exec(text.slice(at, at + 201))?.[0];
  if (!name) return at >= text.length ? 'partial' : 'no';
  const open = at + name.length;
  if (open >= text.length) return 'partial';
  return text[open] === '(' ? 'yes' : 'no';
}

/** `[a(x=1), b(y=2)]`: the list form (Llama 3.2/4 "pythonic"). */
export function readPythonList(
  text: string,
  at: number,
): { calls: TextCall[]; end: number } | 'partial' | 'no' {
  const calls: TextCall[] = [];
  let pos = at + 1;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos])) pos += 1;
    if (pos >= text.length) return 'partial';
    if (text[pos] === ']' && calls.length) return { calls, end: pos + 1 };
    const read = readPythonCall(text, pos);
    if (typeof read !== 'object') return read;
    calls.push(read.call);
    pos = read.end;
    while (pos < text.length && /\s/.test(text[pos])) pos += 1;
    if (pos >= text.length) return 'partial';
    if (text[pos] === ',') pos += 1;
    else if (text[pos] !== ']') return 'no';
  }
}
