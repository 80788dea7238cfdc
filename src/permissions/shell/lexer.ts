import {
  ShellSyntaxError,
  type HereDoc,
  type RedirectOp,
  type Script,
  type Segment,
  type Word,
} from './ast';
import { decodeAnsiC } from './ansi-c';

export type Op = ';' | '&' | '&&' | '||' | '|' | '|&' | '(' | ')' | ';;' | ';&' | ';;&' | '\n';

export type Token =
  | { t: 'word'; word: Word; start: number; end: number }
  | { t: 'op'; op: Op; start: number; end: number }
  | { t: 'redir'; op: RedirectOp; fd: number | null; heredoc?: HereDoc; start: number; end: number }
  /** `(( ... ))` at command position. */
  | { t: 'arith'; word: Word; start: number; end: number }
  | { t: 'eof'; start: number; end: number };

/** Deeper nesting than this is not analysed (and therefore asked). */
export const MAX_NESTING = 25;

/** Parses a nested script: `$(...)` (sub-parser on the same source) or a backtick body. */
export interface NestedParsers {
  parseUntilParen(src: string, pos: number, depth: number): { script: Script; end: number };
  parseText(src: string, depth: number): Script;
}

const WORD_BREAK = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')']);

/**
 * The tokenizer: quotes, escapes, `$'..'`, expansions and substitutions inside words,
 * operators, redirections with fd prefixes, here-document bodies, comments.
 */
export class Lexer {
  pos: number;
  private pending: { doc: HereDoc; stripTabs: boolean }[] = [];

  constructor(
    readonly src: string,
    start: number,
    readonly depth: number,
    private readonly nested: NestedParsers,
  ) {
    if (depth > MAX_NESTING) throw new ShellSyntaxError('the command is nested too deeply');
    this.pos = start;
  }

  lex(): Token {
    const { src } = this;
    for (;;) {
      while (this.pos < src.length) {
        const c = src[this.pos];
        if (c === ' ' || c === '\t' || c === '\r') this.pos++;
        else if (c === '\\' && src[this.pos + 1] === '\n') this.pos += 2;
        else break;
      }
      if (src[this.pos] !== '#') break;
      while (this.pos < src.length && src[this.pos] !== '\n') this.pos++;
    }
    const start = this.pos;
    if (start >= src.length) {
      if (this.pending.length > 0) throw new ShellSyntaxError('here-document is not terminated');
      return { t: 'eof', start, end: start };
    }
    const c = src[start];
    const rest = src.slice(start, start + 3);
    if (c === '\n') {
      this.pos++;
      this.readHereDocBodies();
      return { t: 'op', op: '\n', start, end: start + 1 };
    }
    const fd = /^\d+(?=[<>])/.exec(src.slice(start, start + 12));
    if (fd) {
      this.pos += fd[0].length;
      return this.lexRedirect(Number(fd[0]), start);
    }
    if ((c === '<' || c === '>') && src[start + 1] !== '(') return this.lexRedirect(null, start);
    if (c === '&') {
      if (rest.startsWith('&&')) return this.op('&&', start);
      if (rest.startsWith('&>')) return this.lexRedirect(null, start);
      return this.op('&', start);
    }
    if (c === '|')
      return this.op(rest.startsWith('||') ? '||' : rest.startsWith('|&') ? '|&' : '|', start);
    if (c === ';') {
      if (rest === ';;&') return this.op(';;&', start);
      return this.op(rest.startsWith(';;') ? ';;' : rest.startsWith(';&') ? ';&' : ';', start);
    }
    if (c === ')') return this.op(')', start);
    if (c === '(') {
      const end = src[start + 1] === '(' ? this.arithEnd(start + 2) : -1;
      if (end < 0) return this.op('(', start);
      const inner = src.slice(start + 2, end - 2);
      this.pos = end;
      const seg: Segment = { kind: 'arith', quoted: false, nested: this.substitutionsIn(inner) };
      return { t: 'arith', word: { segs: [seg], raw: src.slice(start, end) }, start, end };
    }
    const word = this.readWord();
    return { t: 'word', word, start, end: this.pos };
  }

  private op(op: Op, start: number): Token {
    this.pos = start + op.length;
    return { t: 'op', op, start, end: this.pos };
  }

  private lexRedirect(fd: number | null, start: number): Token {
    const s = this.src.slice(this.pos, this.pos + 3);
    const ops: RedirectOp[] = [
      '<<<',
      '<<-',
      '&>>',
      '<<',
      '<>',
      '<&',
      '>>',
      '>|',
      '>&',
      '&>',
      '<',
      '>',
    ];
    const op = ops.find((o) => s.startsWith(o)) as RedirectOp;
    this.pos += op.length;
    if (op !== '<<' && op !== '<<-') return { t: 'redir', op, fd, start, end: this.pos };
    while (this.src[this.pos] === ' ' || this.src[this.pos] === '\t') this.pos++;
    if (this.pos >= this.src.length || WORD_BREAK.has(this.src[this.pos])) {
      throw new ShellSyntaxError('here-document without a delimiter');
    }
    const word = this.readWord();
    const quoted = word.segs.some((s) => s.kind === 'lit' && s.quoted);
    const delimiter = word.segs.map((s) => (s.kind === 'lit' ? s.text : '')).join('');
    const doc: HereDoc = { delimiter, quoted, body: '', complete: false };
    this.pending.push({ doc, stripTabs: op === '<<-' });
    return { t: 'redir', op, fd, heredoc: doc, start, end: this.pos };
  }

  private readHereDocBodies(): void {
    const { src } = this;
    for (const { doc, stripTabs } of this.pending) {
      while (!doc.complete) {
        if (this.pos >= src.length) throw new ShellSyntaxError('here-document is not terminated');
        let lineEnd = src.indexOf('\n', this.pos);
        if (lineEnd < 0) lineEnd = src.length;
        let line = src.slice(this.pos, lineEnd);
        this.pos = Math.min(lineEnd + 1, src.length);
        if (stripTabs) line = line.replace(/^\t+/, '');
        if (line.replace(/\r$/, '') === doc.delimiter) doc.complete = true;
        else doc.body += line + '\n';
      }
    }
    this.pending = [];
  }

  /** End offset (after `))`) of an arithmetic body starting at `from`, or -1. */
  private arithEnd(from: number): number {
    let depth = 0;
    for (let j = from; j < this.src.length; j++) {
      const ch = this.src[j];
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth > 0) depth--;
        else return this.src[j + 1] === ')' ? j + 2 : -1;
      }
    }
    return -1;
  }

  /** Command substitutions inside text that the shell expands like a "..." string. */
  substitutionsIn(text: string): Script[] {
    if (!text.includes('$') && !text.includes('`')) return [];
    const inner = new Lexer(text, 0, this.depth + 1, this.nested);
    return scriptsOf(inner.readDoubleBody(null));
  }

  readWord(): Word {
    const { src } = this;
    const start = this.pos;
    const segs: Segment[] = [];
    while (this.pos < src.length) {
      const c = src[this.pos];
      if (WORD_BREAK.has(c)) break;
      if (c === '<' || c === '>') {
        if (src[this.pos + 1] !== '(') break;
        const sub = this.nested.parseUntilParen(src, this.pos + 2, this.depth + 1);
        segs.push({
          kind: 'procsub',
          dir: c,
          script: sub.script,
          source: src.slice(this.pos + 2, sub.end - 1),
        });
        this.pos = sub.end;
      } else if (c === '\\') {
        if (this.pos + 1 >= src.length) pushLit(segs, '\\', false);
        else if (src[this.pos + 1] !== '\n') pushLit(segs, src[this.pos + 1], true);
        this.pos += 2;
      } else if (c === "'") {
        const close = src.indexOf("'", this.pos + 1);
        if (close < 0) throw new ShellSyntaxError('unterminated single quote');
        pushLit(segs, src.slice(this.pos + 1, close), true);
        this.pos = close + 1;
      } else if (c === '"') {
        this.pos++;
        segs.push(...this.readDoubleBody('"'));
      } else if (c === '$') this.readDollar(segs, false);
      else if (c === '`') this.readBacktick(segs, false);
      else {
        pushLit(segs, c, false);
        this.pos++;
      }
    }
    return { segs, raw: src.slice(start, this.pos) };
  }

  /** The inside of "..." (pos after the opening quote), or of a whole text when `end` is null. */
  readDoubleBody(end: '"' | null): Segment[] {
    const { src } = this;
    const segs: Segment[] = [];
    for (;;) {
      if (this.pos >= src.length) {
        if (end === null) return segs;
        throw new ShellSyntaxError('unterminated double quote');
      }
      const c = src[this.pos];
      if (c === end) {
        this.pos++;
        if (segs.length === 0) pushLit(segs, '', true);
        return segs;
      }
      if (c === '\\') {
        const n = src[this.pos + 1] ?? '';
        if (n === '\n') this.pos += 2;
        else if ('$`"\\'.includes(n) && n !== '') {
          pushLit(segs, n, true);
          this.pos += 2;
        } else {
          pushLit(segs, '\\', true);
          this.pos++;
        }
      } else if (c === '$') this.readDollar(segs, true);
      else if (c === '`') this.readBacktick(segs, true);
      else {
        pushLit(segs, c, true);
        this.pos++;
      }
    }
  }

  private readDollar(segs: Segment[], quoted: boolean): void {
    const { src } = this;
    const p = this.pos;
    const n = src[p + 1] ?? '';
    if (n === '(') {
      const end = src[p + 2] === '(' ? this.arithEnd(p + 3) : -1;
      if (end >= 0) {
        segs.push({
          kind: 'arith',
          quoted,
          nested: this.substitutionsIn(src.slice(p + 3, end - 2)),
        });
        this.pos = end;
        return;
      }
      const sub = this.nested.parseUntilParen(src, p + 2, this.depth + 1);
      segs.push({
        kind: 'cmdsub',
        script: sub.script,
        quoted,
        source: src.slice(p + 2, sub.end - 1),
      });
      this.pos = sub.end;
    } else if (n === '{') {
      const close = this.braceEnd(p + 2);
      const inner = src.slice(p + 2, close);
      this.pos = close + 1;
      if (/@P$/.test(inner)) {
        // Prompt expansion runs the $(...) inside a value built at run time.
        throw new ShellSyntaxError('${...@P} expands a value as a prompt, running commands in it');
      }
      const simple = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])$/.exec(inner);
      const name = simple ? inner : (/^[#!]?([A-Za-z_][A-Za-z0-9_]*)/.exec(inner)?.[1] ?? '');
      const nested = simple ? [] : this.substitutionsIn(inner);
      segs.push({ kind: 'var', name, quoted, complex: !simple, nested });
    } else if (n === "'" && !quoted) {
      let j = p + 2;
      while (j < src.length && src[j] !== "'") j += src[j] === '\\' ? 2 : 1;
      if (j >= src.length) throw new ShellSyntaxError("unterminated $'...' string");
      pushLit(segs, decodeAnsiC(src.slice(p + 2, j)), true);
      this.pos = j + 1;
    } else if (n === '"' && !quoted) {
      this.pos = p + 2;
      segs.push(...this.readDoubleBody('"'));
    } else if (/[A-Za-z_]/.test(n)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(p + 1))![0];
      segs.push({ kind: 'var', name, quoted, complex: false, nested: [] });
      this.pos = p + 1 + name.length;
    } else if (n !== '' && '0123456789@*#?$!-'.includes(n)) {
      segs.push({ kind: 'var', name: n, quoted, complex: false, nested: [] });
      this.pos = p + 2;
    } else {
      pushLit(segs, '$', quoted);
      this.pos = p + 1;
    }
  }

  private braceEnd(from: number): number {
    const { src } = this;
    let depth = 1;
    for (let j = from; j < src.length; j++) {
      const ch = src[j];
      if (ch === '\\') j++;
      else if (ch === "'") {
        j = src.indexOf("'", j + 1);
        if (j < 0) break;
      } else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) return j;
    }
    throw new ShellSyntaxError('unterminated ${...}');
  }

  private readBacktick(segs: Segment[], quoted: boolean): void {
    const { src } = this;
    let j = this.pos + 1;
    let body = '';
    while (j < src.length && src[j] !== '`') {
      if (src[j] === '\\' && j + 1 < src.length) {
        const n = src[j + 1];
        body += '`$\\'.includes(n) || (quoted && n === '"') ? n : src[j] + n;
        j += 2;
      } else body += src[j++];
    }
    if (j >= src.length) throw new ShellSyntaxError('unterminated backtick');
    const script = this.nested.parseText(body, this.depth + 1);
    segs.push({ kind: 'cmdsub', script, quoted, source: body });
    this.pos = j + 1;
  }
}

function pushLit(segs: Segment[], text: string, quoted: boolean): void {
  const last = segs[segs.length - 1];
  if (last && last.kind === 'lit' && last.quoted === quoted) last.text += text;
  else segs.push({ kind: 'lit', text, quoted });
}

function scriptsOf(segs: Segment[]): Script[] {
  return segs.flatMap((s) =>
    s.kind === 'cmdsub' || s.kind === 'procsub' ? [s.script] : s.kind === 'lit' ? [] : s.nested,
  );
}
