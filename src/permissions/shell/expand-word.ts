import path from 'node:path';
import type { Script, Segment, Word } from './ast';

/** One argument after the shell's expansions, as far as they can be known beforehand. */
export interface Arg {
  /** The expanded text; undefined when it depends on something only known at run time. */
  value: string | undefined;
  /** Contains unquoted `*`, `?` or `[` (the shell expands it to file names). */
  glob: boolean;
  /** The word as written. */
  raw: string;
  /** What made the value unknown: `$X`, `${...}`, `$(...)`, `<(...)`. */
  unknown?: string;
  /** The word is a process substitution (`<(...)`), i.e. a /dev/fd path. */
  procsub?: boolean;
  /** Stands for every file under it, at any depth (what `find` prints, a recursive search). */
  tree?: boolean;
  /**
   * An unknown value that is the output of a command listing files (`$(find ~ -name x)`):
   * the files it may list, as globs, so what reads them is judged by them.
   */
  listed?: Arg[];
}

export interface ExpandEnv {
  home: string;
  /** Variables set earlier in the command; a value of undefined means "set, but unknown". */
  vars: Map<string, string | undefined>;
  /** The output of a `$(...)` whose output is known without running it (`$(which rm)`). */
  staticOutput: (script: Script) => string | undefined;
  /** The files a `$(...)` that lists files may print (`$(find . -name '*.pem')`), as globs. */
  listedOutput?: (script: Script) => Arg[] | undefined;
}

interface Char {
  c: string;
  quoted: boolean;
}

interface Field {
  chars: Char[];
  unknown?: string;
  procsub?: boolean;
}

/** Expand a word into fields: variables, `~`, brace lists, field splitting of unquoted values. */
export function expandWord(word: Word, env: ExpandEnv): Arg[] {
  const fields = new FieldBuilder();
  const listed: Arg[] = [];
  for (const seg of word.segs) {
    if (seg.kind === 'lit') {
      fields.append(seg.text, seg.quoted);
      continue;
    }
    const known = knownValue(seg, env);
    const quoted = seg.kind !== 'procsub' && seg.quoted;
    if (known !== undefined) fields.append(known, quoted, !quoted);
    else {
      fields.markUnknown(describeUnknown(seg), seg.kind === 'procsub');
      if (seg.kind === 'cmdsub') listed.push(...(env.listedOutput?.(seg.script) ?? []));
    }
  }
  return fields
    .done()
    .flatMap((f) => braceExpand(tilde(f.chars, env.home)).map((chars) => toArg(chars, f, word)))
    .map((arg) => (arg.value === undefined && listed.length ? { ...arg, listed } : arg));
}

/** Collects characters into fields; unquoted expansion results split on blanks. */
class FieldBuilder {
  private fields: Field[] = [];
  private cur: Field | null = null;

  private field(): Field {
    this.cur ??= { chars: [] };
    return this.cur;
  }

  /** `split`: an unquoted expansion, whose blanks separate fields and which may vanish. */
  append(text: string, quoted: boolean, split = false): void {
    if (!split) this.field();
    for (const c of text) {
      if (split && /[ \t\n]/.test(c)) this.endField();
      else this.field().chars.push({ c, quoted });
    }
  }

  private endField(): void {
    if (this.cur) this.fields.push(this.cur);
    this.cur = null;
  }

  markUnknown(what: string, procsub: boolean): void {
    const f = this.field();
    f.unknown ??= what;
    if (procsub) f.procsub = true;
  }

  done(): Field[] {
    this.endField();
    return this.fields;
  }
}

function knownValue(seg: Exclude<Segment, { kind: 'lit' }>, env: ExpandEnv): string | undefined {
  switch (seg.kind) {
    case 'var':
      if (seg.complex) return undefined;
      if (env.vars.has(seg.name)) return env.vars.get(seg.name);
      return seg.name === 'HOME' ? env.home : undefined;
    case 'cmdsub':
      return env.staticOutput(seg.script);
    case 'procsub':
    case 'arith':
      return undefined;
  }
}

function describeUnknown(seg: Exclude<Segment, { kind: 'lit' }>): string {
  switch (seg.kind) {
    case 'var':
      return seg.complex ? '${...}' : `$${seg.name}`;
    case 'cmdsub':
      return '$(...)';
    case 'procsub':
      return `${seg.dir}(...)`;
    case 'arith':
      return '$((...))';
  }
}

function toArg(chars: Char[], f: Field, word: Word): Arg {
  const open = chars.findIndex((ch) => !ch.quoted && ch.c === '[');
  const glob =
    chars.some((ch) => !ch.quoted && (ch.c === '*' || ch.c === '?')) ||
    (open >= 0 && chars.slice(open + 2).some((ch) => !ch.quoted && ch.c === ']'));
  const value = f.unknown ? undefined : chars.map((ch) => ch.c).join('');
  const arg: Arg = { value, glob, raw: word.raw };
  if (f.unknown) arg.unknown = f.unknown;
  if (f.procsub) arg.procsub = true;
  return arg;
}

/** `~` and `~/x` -> home; `~user` -> that user's home (a sibling of ours). */
function tilde(chars: Char[], home: string): Char[] {
  if (chars[0]?.c !== '~' || chars[0].quoted) return chars;
  let end = chars.findIndex((ch) => ch.c === '/');
  if (end < 0) end = chars.length;
  const prefix = chars.slice(1, end);
  if (prefix.some((ch) => ch.quoted)) return chars;
  const user = prefix.map((ch) => ch.c).join('');
  if (user === '+' || user === '-') return chars;
  const dir = user === '' ? home : path.join(path.dirname(home), user);
  return [...[...dir].map((c) => ({ c, quoted: true })), ...chars.slice(end)];
}

/** Bash's `{a,b}` lists (not `{1..9}` ranges), from unquoted braces only. */
export function braceExpand(chars: Char[], budget = { n: 256 }): Char[][] {
  for (let open = 0; open < chars.length; open++) {
    if (chars[open].c !== '{' || chars[open].quoted) continue;
    let depth = 0;
    const commas: number[] = [];
    for (let j = open; j < chars.length; j++) {
      const ch = chars[j];
      if (ch.quoted) continue;
      if (ch.c === '{') depth++;
      else if (ch.c === ',' && depth === 1) commas.push(j);
      else if (ch.c === '}' && --depth === 0) {
        if (commas.length === 0) break;
        const bounds = [open, ...commas, j];
        const prefix = chars.slice(0, open);
        const suffix = chars.slice(j + 1);
        const out: Char[][] = [];
        for (let k = 0; k + 1 < bounds.length && budget.n > 0; k++) {
          const alt = chars.slice(bounds[k] + 1, bounds[k + 1]);
          budget.n--;
          out.push(...braceExpand([...prefix, ...alt, ...suffix], budget));
        }
        return out;
      }
    }
  }
  return [chars];
}
