const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Bash's `$'...'` escapes: \n, \xHH, \NNN (octal), \uHHHH, \cX. */
export function decodeAnsiC(text: string): string {
  return text.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (_m, esc: string) => {
      const head = esc[0];
      if (head === 'x' || head === 'u' || head === 'U') {
        return String.fromCodePoint(parseInt(esc.slice(1), 16));
      }
      if (/[0-7]/.test(head)) return String.fromCharCode(parseInt(esc, 8));
      if (head === 'c' && esc.length === 2) return String.fromCharCode(esc.charCodeAt(1) & 31);
      return SIMPLE_ESCAPES[esc] ?? '\\' + esc;
    },
  );
}
