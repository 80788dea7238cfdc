import path from 'node:path';
import type { Arg } from './expand-word';
import { emitState, inner } from './program-state';
import { knownStdin } from './stdin-text';
import { listedFiles } from './listed-files';
import type { State, Walker, Where } from './walk-types';

/** Commands built from input beyond this many are analysed as if the input were unknown. */
const MAX_EXPANSIONS = 32;

const lit = (value: string, raw = value): Arg => ({ value, glob: false, raw });
const unknownArg = (raw: string): Arg => ({ value: undefined, glob: false, raw, unknown: raw });

interface OptionTable {
  /** Options that take the next word (or an attached rest: `-n1`, `-I{}`) as their value. */
  values: Set<string>;
}

interface ReadOptions {
  /** Index of the first word after the options. */
  next: number;
  values: Map<string, string | undefined>;
  flags: Set<string>;
}

/** Options up to the command; `--opt=value` and attached short values (`-I{}`) included. */
function readOptions(args: readonly Arg[], table: OptionTable): ReadOptions | undefined {
  const values = new Map<string, string | undefined>();
  const flags = new Set<string>();
  let i = 1;
  while (i < args.length) {
    const a = args[i].value;
    if (a === undefined) return undefined;
    if (a === '--') return { next: i + 1, values, flags };
    if (!a.startsWith('-') || a === '-') break;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) values.set(a.slice(0, eq), a.slice(eq + 1));
    else if (table.values.has(a)) {
      values.set(a, args[i + 1]?.value);
      i++;
    } else if (!a.startsWith('--') && a.length > 2 && table.values.has(a.slice(0, 2))) {
      values.set(a.slice(0, 2), a.slice(2));
    } else flags.add(a);
    i++;
  }
  return { next: i, values, flags };
}

const XARGS: OptionTable = {
  values: new Set(
    '-a --arg-file -E -e --eof -I -L -l --max-lines -n --max-args -P --max-procs -s --max-chars -d --delimiter -J -R -S --process-slot-var'.split(
      ' ',
    ),
  ),
};

/** The items xargs or parallel read from text: lines, NUL- or delimiter-separated, or words. */
function items(text: string, by: 'lines' | 'words' | string): string[] {
  const parts =
    by === 'lines'
      ? text.split('\n').map((l) => l.trim())
      : by === 'words'
        ? text.split(/\s+/)
        : text.split(by);
  return parts.filter((p) => p !== '');
}

/** The input lines/words fed to a fan-out command, or undefined when not known. */
function inputText(st: State, fromFile: boolean): string | undefined {
  if (fromFile) return undefined;
  const stdin = knownStdin(st.seed, st.where);
  return stdin.source === 'pipe' || stdin.source === 'heredoc' || stdin.source === 'herestring'
    ? stdin.text
    : undefined;
}

/** Where the commands a fan-out program builds run: under its wrappers, via it, stdin not passed on. */
function fanWhere(st: State, via: string, extraArgs: boolean): Where {
  return { ...inner(st, via), extraArgs: st.where.extraArgs || extraArgs, stdin: undefined };
}

/**
 * `xargs`: the command it builds from its input, with `-I`/`-i`/`--replace` strings and
 * BSD `-J` placeholders filled in when the input is known (`echo / | xargs -I{} rm -rf {}`).
 */
export function xargs(w: Walker, st: State): void {
  const opts = readOptions(st.args, XARGS);
  if (!opts) return emitState(w, st, 'an option of xargs is only known at run time');
  const { values, flags } = opts;
  const replace =
    values.get('-I') ??
    values.get('--replace') ??
    (flags.has('--replace') || flags.has('-i') ? '{}' : undefined) ??
    [...flags].find((f) => /^-i./.test(f))?.slice(2);
  const placeholder = values.get('-J');
  const cmd = opts.next < st.args.length ? st.args.slice(opts.next) : [lit('echo')];
  const delimiter = flags.has('-0') || flags.has('--null') ? '\0' : values.get('-d');
  const split = replace !== undefined || values.has('-L') ? 'lines' : (delimiter ?? 'words');
  const text = inputText(st, values.has('-a') || values.has('--arg-file'));
  const given = text === undefined ? undefined : items(text, split);
  const known = given !== undefined && given.length <= MAX_EXPANSIONS ? given : undefined;
  if (replace !== undefined) {
    const runs = known ? known.map((item) => fillIn(cmd, replace, item)) : [fillIn(cmd, replace)];
    const where = { ...fanWhere(st, 'xargs', false), ...listedInput(st, known) };
    for (const run of runs) w.run(run, st.seed, where);
    return;
  }
  if (placeholder !== undefined) {
    const at = cmd.findIndex((a) => a.value === placeholder);
    if (at >= 0) {
      const fill = known ? known.map((v) => lit(v)) : [unknownArg(placeholder)];
      const run = [...cmd.slice(0, at), ...fill, ...cmd.slice(at + 1)];
      return w.run(run, st.seed, fanWhere(st, 'xargs', !known));
    }
  }
  const run = known ? [...cmd, ...known.map((v) => lit(v))] : cmd;
  w.run(run, st.seed, { ...fanWhere(st, 'xargs', !known), ...listedInput(st, known) });
}

/** Unknown input from a command listing files (`find ~/.ssh | xargs cat`): what it may list. */
function listedInput(st: State, known: readonly string[] | undefined): Pick<Where, 'listed'> {
  const feeder = known ? undefined : st.where.upstream.at(-1);
  const listed =
    feeder && (st.seed.stdin ?? st.where.stdin) === 'pipe' ? listedFiles(feeder.argv) : undefined;
  return listed ? { listed } : {};
}

/** Replace `token` inside every word; with no item the words that hold it become unknown. */
function fillIn(cmd: readonly Arg[], token: string, item?: string): Arg[] {
  return cmd.map((a) => {
    if (a.value === undefined || !a.value.includes(token)) return a;
    if (item === undefined) return unknownArg(a.raw);
    return { ...a, value: a.value.split(token).join(item) };
  });
}

const PARALLEL: OptionTable = {
  values: new Set(
    `-j --jobs -P --max-procs -S --sshlogin --slf --sshloginfile -a --arg-file -d --delimiter -n
    --max-args -N -L --max-lines -l -I -E --eof -s --max-chars --results --res --joblog --tmpdir
    --workdir --wd --colsep -C --halt --halt-on-error --timeout --delay --retries --memfree
    --load --env --basefile --bf --return --transfer-file --tf --tagstring --tag-string
    --ctagstring --rpl --block --block-size --header --nice --sql --sqlmaster --sqlworker
    --termseq --limit --shuf-seed --seqreplace --ssh --sshdelay`
      .split(/\s+/)
      .filter(Boolean),
  ),
};

const REPLACEMENT = /\{(\d*)(\.|\/|\/\/|\/\.|#|%)?\}/g;

/** GNU parallel's replacement strings (`{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{2}`). */
function replaceStrings(word: string, inputs: readonly string[] | undefined): string | undefined {
  let unknown = false;
  const out = word.replace(REPLACEMENT, (_m, n: string, kind: string | undefined) => {
    if (kind === '#' || kind === '%') return '1';
    const item = inputs?.[n ? Number(n) - 1 : 0];
    if (item === undefined) {
      unknown = true;
      return '';
    }
    const base = path.posix.basename(item);
    switch (kind) {
      case '.':
        return item.replace(/\.[^./]*$/, '');
      case '/':
        return base;
      case '//':
        return path.posix.dirname(item);
      case '/.':
        return base.replace(/\.[^.]*$/, '');
      default:
        return item;
    }
  });
  return unknown ? undefined : out;
}

/** Every combination of the `:::` groups (GNU parallel runs the product), or undefined if too many. */
function combinations(groups: string[][]): string[][] | undefined {
  let out: string[][] = [[]];
  for (const g of groups) {
    out = out.flatMap((combo) => g.map((v) => [...combo, v]));
    if (out.length > MAX_EXPANSIONS) return undefined;
  }
  return out;
}

/**
 * GNU `parallel`: the commands it runs, with its replacement strings filled from `:::`
 * arguments or known input; with no command, each input is itself a command line.
 */
export function parallel(w: Walker, st: State): void {
  const opts = readOptions(st.args, PARALLEL);
  if (!opts) return emitState(w, st, 'an option of parallel is only known at run time');
  const { args } = st;
  const sep = args.findIndex(
    (a, k) => k >= opts.next && /^:::[+]?$|^::::[+]?$/.test(a.value ?? ''),
  );
  const cmd = args.slice(opts.next, sep < 0 ? args.length : sep);
  const groups: string[][] = [];
  let fromFiles = false;
  if (sep >= 0) {
    let current: string[] | null = null;
    for (const a of args.slice(sep)) {
      if (/^:::[+]?$/.test(a.value ?? '')) groups.push((current = []));
      else if (/^::::[+]?$/.test(a.value ?? '')) {
        fromFiles = true;
        current = null;
      } else if (a.value === undefined) fromFiles = true;
      else current?.push(a.value);
    }
  } else {
    const text = inputText(st, opts.values.has('-a') || opts.values.has('--arg-file'));
    if (text === undefined) fromFiles = true;
    else groups.push(items(text, 'lines'));
  }
  const combos = fromFiles ? undefined : combinations(groups);
  const where = fanWhere(st, 'parallel', false);
  if (cmd.length === 0) {
    if (!combos) return emitState(w, st, 'runs commands read from its input');
    for (const c of combos) w.nestedText(c.join(' '), where, 'parallel', st.seed.text);
    return;
  }
  const uses = cmd.some((a) => a.value !== undefined && hasReplacement(a.value));
  for (const combo of combos ?? [undefined]) {
    // One word is a shell command line of its own (`parallel 'gzip {}; rm {}'`).
    if (cmd.length === 1 && cmd[0].value !== undefined) {
      const line = cmd[0].value;
      const quoted = combo?.map(shellQuote);
      const text = uses
        ? line.replace(REPLACEMENT, (m) => replaceStrings(m, quoted) ?? UNKNOWN_INPUT)
        : [line, ...(quoted ?? [])].join(' ');
      const extra = !uses && !combo;
      w.nestedText(
        text,
        { ...where, extraArgs: where.extraArgs || extra },
        'parallel',
        st.seed.text,
      );
      continue;
    }
    const filled = cmd.map((a) => {
      if (a.value === undefined || !uses) return a;
      const v = replaceStrings(a.value, combo);
      return v === undefined ? unknownArg(a.raw) : { ...a, value: v };
    });
    const run = uses || !combo ? filled : [...filled, ...combo.map((v) => lit(v))];
    w.run(run, st.seed, { ...where, extraArgs: where.extraArgs || (!uses && !combo) });
  }
}

/** Stands for an input that is not known, as a variable the analysis has no value for. */
const UNKNOWN_INPUT = '"$PARALLEL_INPUT"';

function hasReplacement(word: string): boolean {
  return new RegExp(REPLACEMENT.source).test(word);
}

/** One shell word holding `s` exactly (parallel quotes what it substitutes). */
function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
