import { LIT_CLOSE, LIT_OPEN, type LexedCode, type Literal } from './code-lexer';

/** One argument of a call in interpreter code, as far as it can be read. */
export type CodeArg =
  | { kind: 'lit'; lit: Literal }
  /** `[...]`, `(...)`, `%w(...)`, `qw(...)` of literals; an item is undefined when not literal. */
  | { kind: 'list'; items: (string | undefined)[] }
  /** `key=value` (Python) or `key: value` (JavaScript/Ruby objects are left as `other`). */
  | { kind: 'keyword'; key: string; value: CodeArg }
  | { kind: 'other'; text: string };

export interface CodeCall {
  /** The called name: `rmtree` in `shutil.rmtree(...)`. */
  name: string;
  /** What it is called on: `shutil`, `fs.promises`, `require("child_process")` -> `child_process`. */
  object: string;
  args: CodeArg[];
  /** For `Path("x").unlink()`: the first argument of the call it is chained to. */
  receiver?: CodeArg;
}

const LIT = new RegExp(`^${LIT_OPEN}(\\d+)${LIT_CLOSE}$`);
const CHAIN = /[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*/g;
const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Every call (`f(...)`, and Ruby/Perl/PHP's `f "..."` without parentheses) in lexed code. */
export function findCalls(code: LexedCode): CodeCall[] {
  const { masked } = code;
  const calls: CodeCall[] = [];
  for (const m of masked.matchAll(CHAIN)) {
    const start = m.index;
    const end = start + m[0].length;
    const segs = m[0].split(/\s*(?:\.|::|->)\s*/);
    const name = segs[segs.length - 1];
    let object = segs.slice(0, -1).join('.');
    const after = /^[ \t]*/.exec(masked.slice(end))![0].length + end;
    let argText: string | undefined;
    if (masked[after] === '(') {
      const close = matching(masked, after);
      argText = masked.slice(after + 1, close < 0 ? masked.length : close);
    } else if (after > end && bareArgument(masked[after], code.language)) {
      const stop = /[;\n)}]|\s(?:if|unless|or|and|&&|\|\|)\s/.exec(masked.slice(after));
      argText = masked.slice(after, stop ? after + stop.index : masked.length);
    } else if (name === '$' && masked[end] === LIT_OPEN) {
      argText = /^\S+/.exec(masked.slice(end))![0];
    }
    if (argText === undefined) continue;
    const chained = chainedTo(masked, start, code);
    const receiver = chained?.arg;
    const module = literalOf(receiver);
    if (!object && module && /^(require|import|__import__)$/.test(chained?.callee ?? '')) {
      object = module.replace(/^node:/, '').replace(/\//g, '.');
    } else if (!object && chained) object = `${chained.callee}(...)`;
    else if (!object && /\.\s*$/.test(masked.slice(0, start))) object = '(expression)';
    calls.push({ name, object, args: splitArgs(argText, code), ...(receiver ? { receiver } : {}) });
  }
  return calls;
}

/** The index of the bracket closing the one at `open`, or -1. */
function matching(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (OPEN[c]) stack.push(OPEN[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Ruby, Perl and PHP call without parentheses: `system "ls"`, `unlink glob("x")`. */
function bareArgument(c: string | undefined, language: LexedCode['language']): boolean {
  if (c === LIT_OPEN || c === '[') return true;
  return language !== 'python' && language !== 'javascript' && /[\w$@]/.test(c ?? '');
}

/** `X(...).name`: the call `name` is chained to, and its first argument. */
function chainedTo(
  masked: string,
  start: number,
  code: LexedCode,
): { callee: string; arg: CodeArg | undefined } | undefined {
  let i = start - 1;
  while (i >= 0 && /\s/.test(masked[i])) i--;
  if (masked[i] !== '.') return undefined;
  i--;
  while (i >= 0 && /\s/.test(masked[i])) i--;
  if (masked[i] !== ')') return undefined;
  let depth = 0;
  for (let j = i; j >= 0; j--) {
    if (masked[j] === ')') depth++;
    else if (masked[j] === '(' && --depth === 0) {
      const callee = /[\w$]+$/.exec(masked.slice(0, j).trimEnd())?.[0] ?? '';
      return { callee, arg: splitArgs(masked.slice(j + 1, i), code)[0] };
    }
  }
  return undefined;
}

function splitArgs(text: string, code: LexedCode): CodeArg[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of text) {
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur.trim() !== '') out.push(cur);
  return out.map((a) => readArg(a.trim(), code));
}

function readArg(text: string, code: LexedCode): CodeArg {
  const lit = LIT.exec(text);
  if (lit) return { kind: 'lit', lit: code.literals[Number(lit[1])] };
  const kw = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(text);
  if (kw) return { kind: 'keyword', key: kw[1], value: readArg(kw[2], code) };
  const list = /^(?:%w|qw)?[[(]([\s\S]*)[\])]$/.exec(text);
  if (list) {
    const items = list[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const words = /^(%w|qw)/.test(text) ? list[1].trim().split(/\s+/) : undefined;
    if (words) return { kind: 'list', items: words };
    return {
      kind: 'list',
      items: items.map((item) => {
        const m = LIT.exec(item);
        return m ? code.literals[Number(m[1])].value : undefined;
      }),
    };
  }
  return { kind: 'other', text };
}

/** The text of a literal argument, or undefined when it is not a known literal. */
export function literalOf(arg: CodeArg | undefined): string | undefined {
  return arg?.kind === 'lit' ? arg.lit.value : undefined;
}

/** A list of literals somewhere inside `arg` (`{cmd: ["rm", "x"]}`), or undefined. */
export function listIn(
  arg: CodeArg | undefined,
  code: LexedCode,
): (string | undefined)[] | undefined {
  if (arg?.kind === 'list') return arg.items;
  if (arg?.kind !== 'other') return undefined;
  const m = /\[([^[\]]*)\]/.exec(arg.text);
  if (!m) return undefined;
  const inner = readArg(`[${m[1]}]`, code);
  return inner.kind === 'list' ? inner.items : undefined;
}
