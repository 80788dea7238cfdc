/**
 * A small lexer for code handed to interpreters (Python, JavaScript, Ruby, Perl, PHP):
 * it finds string literals and comments, so the call finder that reads the rest is not
 * fooled by text inside strings. Not a parser: just enough to read calls.
 */

export type CodeLanguage = 'python' | 'javascript' | 'ruby' | 'perl' | 'php';

/** A string literal: its value when known (no interpolation), or undefined. */
export interface Literal {
  value: string | undefined;
  /** Backticks, `%x(...)`, `qx(...)`: the text is a shell command the interpreter runs. */
  command: boolean;
}

export interface LexedCode {
  language: CodeLanguage;
  /** The code with comments removed and each literal replaced by `\uE000<n>\uE001`. */
  masked: string;
  literals: Literal[];
}

export const LIT_OPEN = '\uE000';
export const LIT_CLOSE = '\uE001';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

function unescape(text: string): string {
  return text.replace(/\\(.)/gs, (_m, c: string) => ESCAPES[c] ?? c);
}

/** Where interpolation makes a string's value unknown, per language and quote. */
function interpolates(lang: CodeLanguage, quote: string, body: string, prefix: string): boolean {
  switch (lang) {
    case 'python':
      return /f/i.test(prefix) && /\{[^{]/.test(body);
    case 'javascript':
      return quote === '`' && body.includes('${');
    case 'ruby':
      return quote !== "'" && body.includes('#{');
    case 'perl':
    case 'php':
      return quote !== "'" && /[$@]\w/.test(body);
  }
}

/** A literal's value: escapes decoded as the language does, undefined when it interpolates. */
function literalValue(
  lang: CodeLanguage,
  quote: string,
  body: string,
  prefix: string,
): string | undefined {
  if (interpolates(lang, quote, body, prefix)) return undefined;
  if (/r/i.test(prefix)) return body;
  // Single quotes in Ruby, Perl and PHP keep everything but \' and \\.
  const literalQuote = quote === "'" && lang !== 'python' && lang !== 'javascript';
  return literalQuote ? body.replace(/\\(['\\])/g, '$1') : unescape(body);
}

const PAIRS: Record<string, string> = { '(': ')', '{': '}', '[': ']', '<': '>' };

export function lexCode(code: string, lang: CodeLanguage): LexedCode {
  const literals: Literal[] = [];
  let masked = '';
  let i = 0;
  const push = (value: string | undefined, command = false) => {
    masked += `${LIT_OPEN}${literals.length}${LIT_CLOSE}`;
    literals.push({ value, command });
  };
  while (i < code.length) {
    const c = code[i];
    const rest = code.slice(i, i + 3);
    if (isComment(code, i, lang)) {
      if (code.startsWith('/*', i)) {
        const end = code.indexOf('*/', i + 2);
        i = end < 0 ? code.length : end + 2;
      } else {
        while (i < code.length && code[i] !== '\n') i++;
      }
      continue;
    }
    // Ruby %x(...) and Perl qx(...) run a shell command; q() qq() %q() are plain strings.
    const quoteOp = /^(%x|qx|%q|%Q|qq|q)([({[<])/.exec(code.slice(i, i + 3));
    if (quoteOp && (lang === 'ruby' || lang === 'perl') && !/[\w$]/.test(code[i - 1] ?? '')) {
      const close = PAIRS[quoteOp[2]];
      const start = i + quoteOp[0].length;
      const end = code.indexOf(close, start);
      if (end >= 0) {
        const body = code.slice(start, end);
        const command = quoteOp[1] === '%x' || quoteOp[1] === 'qx';
        push(interpolates(lang, '"', body, '') ? undefined : body, command);
        i = end + 1;
        continue;
      }
    }
    if (
      lang === 'python' &&
      (rest === '"""' || rest === "'''" || /^[rRbBuUfF]{1,2}("""|''')/.test(code.slice(i, i + 5)))
    ) {
      const m = /^([rRbBuUfF]{0,2})("""|''')/.exec(code.slice(i, i + 5))!;
      const start = i + m[0].length;
      const end = code.indexOf(m[2], start);
      const body = code.slice(start, end < 0 ? code.length : end);
      push(literalValue(lang, m[2], body, m[1]));
      i = end < 0 ? code.length : end + 3;
      continue;
    }
    const prefix = lang === 'python' ? /^[rRbBuUfF]{1,2}(?=["'])/.exec(code.slice(i, i + 3)) : null;
    const q = prefix ? code[i + prefix[0].length] : c;
    if ((q === '"' || q === "'" || q === '`') && (!prefix || !/\w/.test(code[i - 1] ?? ''))) {
      const start = i + (prefix?.[0].length ?? 0) + 1;
      let j = start;
      while (j < code.length && code[j] !== q) {
        if (code[j] === '\\') j++;
        else if (code[j] === '\n' && q !== '`' && lang === 'python') break;
        j++;
      }
      const body = code.slice(start, j);
      const command = q === '`' && lang !== 'javascript' && lang !== 'python';
      push(literalValue(lang, q, body, prefix?.[0] ?? ''), command);
      i = j + 1;
      continue;
    }
    masked += c;
    i++;
  }
  return { language: lang, masked, literals };
}

function isComment(code: string, i: number, lang: CodeLanguage): boolean {
  const c = code[i];
  if (lang === 'javascript' || lang === 'php') {
    if (code.startsWith('//', i) || code.startsWith('/*', i)) return true;
  }
  if (c !== '#' || lang === 'javascript') return false;
  // Ruby `#{` only occurs inside strings; Perl `$#array` is not a comment.
  return !(lang === 'perl' && code[i - 1] === '$');
}
