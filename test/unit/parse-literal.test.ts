import { describe, expect, it } from 'vitest';
import { parsePythonLiteral } from '../../src/todos/parse-literal';

const value = (src: string) => {
  const result = parsePythonLiteral(src);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('parsePythonLiteral', () => {
  it('reads lists, dicts, tuples, names and numbers', () => {
    expect(value("[{'a': 1, 'b': -2.5e1}, (True, False, None), []]")).toEqual([
      { a: 1, b: -25 },
      [true, false, null],
      [],
    ]);
    expect(value('{"x": [1_000, 0.5, .5]}')).toEqual({ x: [1000, 0.5, 0.5] });
  });

  it('allows trailing commas and whitespace everywhere', () => {
    expect(value(" [ 'a' ,\n 'b' , ] ")).toEqual(['a', 'b']);
    expect(value("{'k': 'v',}")).toEqual({ k: 'v' });
  });

  it('decodes string escapes, raw strings, triple quotes and adjacent literals', () => {
    expect(value("'it\\'s\\n\\t\\x41\\u00e9\\\\'")).toBe("it's\n\tAé\\");
    expect(value("r'C:\\new'")).toBe('C:\\new');
    expect(value("'''multi\nline'''")).toBe('multi\nline');
    expect(value('\'ab\' "cd"')).toBe('abcd');
    expect(value("u'unicode'")).toBe('unicode');
  });

  it('keeps a __proto__ key as data', () => {
    const parsed = value("{'__proto__': {'polluted': True}}") as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["__import__('os').system('rm -rf /')", "unexpected '.'"],
    ["__import__('os')", 'not a literal'],
    ["[print('x')]", 'not a literal'],
    ["['unterminated]", 'unterminated string'],
    ['[1, 2', "expected ']'"],
    ["{'a' 1}", "expected ':'"],
    ['[1] [2]', 'unexpected text'],
    ['1 + 2', "unexpected '+'"],
    ['', 'unexpected end of input'],
    ['[lambda: 1]', 'not a literal'],
  ])('refuses %j without running anything', (src, message) => {
    const result = parsePythonLiteral(src);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});
