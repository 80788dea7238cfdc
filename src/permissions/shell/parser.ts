import {
  ShellSyntaxError,
  type Assignment,
  type Command,
  type CompoundCommand,
  type Redirect,
  type Script,
  type SimpleCommand,
  type Word,
} from './ast';
import { Lexer, type NestedParsers, type Op, type Token } from './lexer';

/**
 * Parse a shell command into pipelines of commands. Throws ShellSyntaxError for
 * anything it cannot read with confidence (unbalanced quotes, stray `)`, an
 * unterminated here-document...): the caller asks instead of guessing.
 */
export function parseShell(src: string, depth = 0): Script {
  const parser = new Parser(src, 0, depth);
  const script = parser.parseList(() => false);
  const tok = parser.peek();
  if (tok.t !== 'eof') throw new ShellSyntaxError(`unexpected ${describe(tok)}`);
  return script;
}

const nested: NestedParsers = {
  parseUntilParen(src, pos, depth) {
    const parser = new Parser(src, pos, depth);
    const script = parser.parseList((t) => t.t === 'op' && t.op === ')');
    const close = parser.next();
    if (close.t !== 'op' || close.op !== ')') throw new ShellSyntaxError('unterminated $(...)');
    return { script, end: close.end };
  },
  parseText: (src, depth) => parseShell(src, depth),
};

/** Command substitutions in text the shell expands like a "..." string (a here-doc body). */
export function parseSubstitutions(text: string, depth = 0): Script[] {
  return new Lexer(text, 0, depth, nested).substitutionsIn(text);
}

type Stop = (tok: Token) => boolean;

const stopWords =
  (...words: string[]): Stop =>
  (tok) =>
    tok.t === 'word' && words.includes(keyword(tok.word) ?? '');

/** A word's text when it is a plain unquoted literal (how reserved words are recognised). */
function keyword(word: Word): string | undefined {
  const [seg, extra] = word.segs;
  return seg && !extra && seg.kind === 'lit' && !seg.quoted ? seg.text : undefined;
}

function describe(tok: Token): string {
  switch (tok.t) {
    case 'eof':
      return 'end of command';
    case 'op':
      return tok.op === '\n' ? 'newline' : `'${tok.op}'`;
    case 'word':
    case 'arith':
      return `'${tok.word.raw}'`;
    case 'redir':
      return `'${tok.op}'`;
  }
}

class Parser {
  private readonly lexer: Lexer;
  private peeked: Token | null = null;
  private lastEnd = 0;

  constructor(src: string, pos: number, depth: number) {
    this.lexer = new Lexer(src, pos, depth, nested);
  }

  private text(start: number): string {
    return this.lexer.src.slice(start, this.lastEnd).trim();
  }

  peek(): Token {
    this.peeked ??= this.lexer.lex();
    return this.peeked;
  }

  next(): Token {
    const tok = this.peek();
    this.peeked = null;
    this.lastEnd = tok.end;
    return tok;
  }

  private isOp(tok: Token, ...ops: Op[]): boolean {
    return tok.t === 'op' && ops.includes(tok.op);
  }

  private skipNewlines(): void {
    while (this.isOp(this.peek(), '\n')) this.next();
  }

  private expectOp(op: Op): void {
    const tok = this.next();
    if (!this.isOp(tok, op)) throw new ShellSyntaxError(`expected '${op}', found ${describe(tok)}`);
  }

  private expectWord(word: string): void {
    const tok = this.next();
    if (tok.t !== 'word' || keyword(tok.word) !== word) {
      throw new ShellSyntaxError(`expected '${word}', found ${describe(tok)}`);
    }
  }

  parseList(isStop: Stop): Script {
    const script: Script = [];
    for (;;) {
      while (this.isOp(this.peek(), '\n', ';')) this.next();
      let tok = this.peek();
      if (tok.t === 'eof' || isStop(tok)) return script;
      const commands = [this.parseCommand()];
      while (this.isOp(this.peek(), '|', '|&')) {
        this.next();
        this.skipNewlines();
        commands.push(this.parseCommand());
      }
      const pipeline = { commands, background: false };
      script.push(pipeline);
      tok = this.peek();
      if (this.isOp(tok, ';', '\n', '&&', '||', '&')) {
        this.next();
        if (this.isOp(tok, '&')) pipeline.background = true;
        continue;
      }
      if (tok.t === 'eof' || isStop(tok)) return script;
      throw new ShellSyntaxError(`unexpected ${describe(tok)}`);
    }
  }

  private parseCommand(): Command {
    const tok = this.peek();
    const start = tok.start;
    if (this.isOp(tok, '(')) {
      this.next();
      const body = this.parseList((t) => this.isOp(t, ')'));
      this.expectOp(')');
      return this.compound('subshell', [body], [], start);
    }
    if (tok.t === 'arith') {
      this.next();
      return this.compound('arith', [], [tok.word], start);
    }
    const kw = tok.t === 'word' ? keyword(tok.word) : undefined;
    switch (kw) {
      case '!':
        this.next();
        return this.parseCommand();
      case '{': {
        this.next();
        const body = this.parseList(stopWords('}'));
        this.expectWord('}');
        return this.compound('brace', [body], [], start);
      }
      case '[[':
        return this.parseTest(start);
      case 'if':
        return this.parseIf(start);
      case 'while':
      case 'until': {
        this.next();
        const cond = this.parseList(stopWords('do'));
        this.expectWord('do');
        const body = this.parseList(stopWords('done'));
        this.expectWord('done');
        return this.compound('loop', [cond, body], [], start);
      }
      case 'for':
      case 'select':
        return this.parseFor(start);
      case 'case':
        return this.parseCase(start);
      case 'function': {
        this.next();
        const name = this.next();
        if (name.t !== 'word') throw new ShellSyntaxError('function without a name');
        if (this.isOp(this.peek(), '(')) {
          this.next();
          this.expectOp(')');
        }
        this.skipNewlines();
        const body = this.parseCommand();
        return { type: 'function', name: name.word.raw, body };
      }
      case 'then':
      case 'do':
      case 'done':
      case 'fi':
      case 'elif':
      case 'else':
      case 'esac':
      case '}':
      case 'in':
        throw new ShellSyntaxError(`unexpected '${kw}'`);
    }
    return this.parseSimple();
  }

  private compound(
    kind: CompoundCommand['kind'],
    lists: Script[],
    words: Word[],
    start: number,
    varName?: string,
  ): CompoundCommand {
    const redirects = this.parseRedirects();
    const text = this.text(start);
    return { type: 'compound', kind, lists, words, varName, redirects, text };
  }

  /** `[[ ... ]]`: `<`, `>`, `&&` inside compare strings; only its words' substitutions run. */
  private parseTest(start: number): Command {
    this.next();
    const words: Word[] = [];
    for (;;) {
      const tok = this.next();
      if (tok.t === 'eof') throw new ShellSyntaxError("expected ']]'");
      if (tok.t === 'word' && keyword(tok.word) === ']]') break;
      if (tok.t === 'word') words.push(tok.word);
    }
    return this.compound('arith', [], words, start);
  }

  private parseIf(start: number): Command {
    this.next();
    const lists: Script[] = [];
    for (;;) {
      lists.push(this.parseList(stopWords('then')));
      this.expectWord('then');
      lists.push(this.parseList(stopWords('elif', 'else', 'fi')));
      const tok = this.next();
      const kw = tok.t === 'word' ? keyword(tok.word) : undefined;
      if (kw === 'elif') continue;
      if (kw === 'else') {
        lists.push(this.parseList(stopWords('fi')));
        this.expectWord('fi');
      } else if (kw !== 'fi') throw new ShellSyntaxError(`expected 'fi', found ${describe(tok)}`);
      return this.compound('if', lists, [], start);
    }
  }

  private parseFor(start: number): Command {
    this.next();
    const words: Word[] = [];
    let varName: string | undefined;
    const head = this.next();
    if (head.t === 'arith') words.push(head.word);
    else if (head.t === 'word') varName = head.word.raw;
    else throw new ShellSyntaxError(`unexpected ${describe(head)} after 'for'`);
    this.skipNewlines();
    let tok = this.peek();
    if (tok.t === 'word' && keyword(tok.word) === 'in') {
      this.next();
      while ((tok = this.next()).t === 'word') words.push(tok.word);
      if (!this.isOp(tok, ';', '\n')) throw new ShellSyntaxError(`unexpected ${describe(tok)}`);
    } else if (this.isOp(tok, ';')) this.next();
    this.skipNewlines();
    this.expectWord('do');
    const body = this.parseList(stopWords('done'));
    this.expectWord('done');
    return this.compound('for', [body], words, start, varName);
  }

  private parseCase(start: number): Command {
    this.next();
    const subject = this.next();
    if (subject.t !== 'word') throw new ShellSyntaxError("'case' without a word");
    const words: Word[] = [subject.word];
    const lists: Script[] = [];
    this.skipNewlines();
    this.expectWord('in');
    for (;;) {
      this.skipNewlines();
      let tok = this.peek();
      if (tok.t === 'word' && keyword(tok.word) === 'esac') break;
      if (this.isOp(tok, '(')) this.next();
      while (!this.isOp((tok = this.next()), ')')) {
        if (tok.t === 'word') words.push(tok.word);
        else if (!this.isOp(tok, '|')) throw new ShellSyntaxError(`unexpected ${describe(tok)}`);
      }
      const stop: Stop = (t) => this.isOp(t, ';;', ';&', ';;&') || stopWords('esac')(t);
      lists.push(this.parseList(stop));
      if (this.isOp(this.peek(), ';;', ';&', ';;&')) this.next();
    }
    this.expectWord('esac');
    return this.compound('case', lists, words, start);
  }

  private parseRedirects(): Redirect[] {
    const redirects: Redirect[] = [];
    while (this.peek().t === 'redir') redirects.push(this.readRedirect());
    return redirects;
  }

  private readRedirect(): Redirect {
    const tok = this.next();
    if (tok.t !== 'redir') throw new ShellSyntaxError('expected a redirection');
    if (tok.heredoc) return { fd: tok.fd, op: tok.op, target: null, heredoc: tok.heredoc };
    const target = this.next();
    if (target.t !== 'word') {
      throw new ShellSyntaxError(`redirection '${tok.op}' without a target`);
    }
    return { fd: tok.fd, op: tok.op, target: target.word };
  }

  private parseSimple(): Command {
    const start = this.peek().start;
    const cmd: SimpleCommand = { type: 'simple', assigns: [], words: [], redirects: [], text: '' };
    for (;;) {
      const tok = this.peek();
      if (tok.t === 'redir') cmd.redirects.push(this.readRedirect());
      else if (tok.t === 'word') {
        this.next();
        const assign = cmd.words.length === 0 ? asAssignment(tok.word) : undefined;
        if (assign) {
          cmd.assigns.push(assign);
          if (assign.value?.raw === '' && this.isOp(this.peek(), '(')) this.skipArray(assign);
          continue;
        }
        cmd.words.push(tok.word);
        if (cmd.words.length === 1 && cmd.assigns.length === 0 && this.isOp(this.peek(), '(')) {
          this.next();
          this.expectOp(')');
          this.skipNewlines();
          const body = this.parseCommand();
          return { type: 'function', name: tok.word.raw, body };
        }
      } else break;
    }
    if (cmd.assigns.length + cmd.words.length + cmd.redirects.length === 0) {
      throw new ShellSyntaxError(`unexpected ${describe(this.peek())}`);
    }
    cmd.text = this.text(start);
    return cmd;
  }

  /** `a=(x y)`: an array value, not tracked. */
  private skipArray(assign: Assignment): void {
    this.next();
    let tok: Token;
    while (!this.isOp((tok = this.next()), ')')) {
      if (tok.t === 'eof') throw new ShellSyntaxError('unterminated array');
    }
    assign.value = null;
  }
}

/** `NAME=value` / `NAME+=value` written as the first words of a command. */
function asAssignment(word: Word): Assignment | undefined {
  const first = word.segs[0];
  if (!first || first.kind !== 'lit' || first.quoted) return undefined;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(first.text);
  if (!m) return undefined;
  const rest = first.text.slice(m[0].length);
  const segs = [...(rest ? [{ ...first, text: rest }] : []), ...word.segs.slice(1)];
  return { name: m[1], value: { segs, raw: word.raw.slice(word.raw.indexOf('=') + 1) } };
}
