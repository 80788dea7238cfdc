import type { CommandPart } from './command-part';
import {
  AWKS,
  FETCHERS,
  SHELLS,
  WRAPPERS,
  commandOption,
  programName,
  shellInvocation,
  wrappedCommandStart,
} from './command-wrappers';
import type { Arg } from './expand-word';
import { alias, awk, find, flock, inlineCode, parallel, trap, watch } from './nested-programs';
import { codeReason, emitState, inner } from './program-state';
import { staticOutputOf } from './static-output';
import type { Seed, State, Walker, Where } from './walk-types';

const XARGS_VALUE_OPTS = [
  '-a',
  '--arg-file',
  '-E',
  '-e',
  '-I',
  '-L',
  '-l',
  '-n',
  '--max-args',
  '-P',
];
XARGS_VALUE_OPTS.push('--max-procs', '-s', '--max-chars', '-d', '--delimiter');
const INLINE_CODE: Record<string, string[]> = {
  python: ['-c'],
  python3: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  php: ['-r'],
};

const lit = (value: string): Arg => ({ value, glob: false, raw: value });

/**
 * Look through wrappers (sudo, timeout, env, xargs...) to the program that runs, and
 * into the scripts some programs run (bash -c, eval, find -exec, awk's system()).
 */
export function runProgram(w: Walker, argv: Arg[], seed: Seed, where: Where): void {
  const st: State = { args: argv, matchArgs: argv, wrappers: [...where.wrappers], where, seed };
  const emit = (unparseable?: string): void =>
    w.emit(st.seed, st.where, st.args, {
      wrappers: st.wrappers,
      matchArgs: st.matchArgs,
      unparseable,
    });
  for (let hop = 0; hop < 32; hop++) {
    const head = st.args[0];
    if (head.value === undefined) {
      const fetched = st.seed.subPrograms.find((n) => FETCHERS.has(n));
      if (fetched) return emit(`runs downloaded code (${fetched} output used as the command)`);
      return emit(`the program name is only known at run time (${head.unknown ?? head.raw})`);
    }
    if (head.glob) return emit(`the program name is a file-name pattern (${head.raw})`);
    const { name } = programName(head.value);
    if ((name === 'su' || name === 'runuser') && commandOption(st.args)) return su(w, st, name);
    const spec = WRAPPERS[name];
    if (spec) {
      const start = wrappedCommandStart(st.args, spec);
      if (start.kind === 'unknown') return emit(`an option of ${name} is only known at run time`);
      if (start.kind === 'self') return emit();
      const safe = spec.safe && st.wrappers.every((x) => WRAPPERS[x]?.safe);
      st.wrappers.push(name);
      st.args = st.args.slice(start.index);
      if (safe) st.matchArgs = st.args;
      continue;
    }
    if (name === 'env') {
      const next = envPrefix(w, st);
      if (next) continue;
      return;
    }
    if (name === 'xargs') {
      if (xargs(st)) continue;
      return emit('an option of xargs is only known at run time');
    }
    if (SHELLS.has(name)) return shell(w, st, name);
    if (AWKS.has(name)) return awk(w, st);
    switch (name) {
      case 'eval': {
        const rest = st.args.slice(1);
        if (rest.some((a) => a.value === undefined)) return emit(codeReason(st, 'eval'));
        return w.nestedText(rest.map((a) => a.value).join(' '), inner(st), 'eval', st.seed.text);
      }
      case 'source':
      case '.': {
        const file = st.args[1];
        const dynamic = file && (file.procsub || file.value === undefined);
        return emit(
          dynamic ? codeReason(st, `${name} ${file.procsub ? '<(...)' : file.raw}`) : undefined,
        );
      }
      case 'find':
        return find(w, st);
      case 'watch':
        return watch(w, st);
      case 'trap':
        return trap(w, st);
      case 'flock':
        return flock(w, st);
      case 'parallel':
        return parallel(w, st);
      case 'alias':
        return alias(w, st);
    }
    if (INLINE_CODE[name]) inlineCode(w, st, INLINE_CODE[name]);
    return emit();
  }
  emit('too many nested wrappers');
}

/** The text an `echo`/`printf` with known arguments writes into a pipe. */
function staticEcho(upstream: CommandPart[]): string | undefined {
  if (upstream.length !== 1 || upstream[0].argv.some((a) => a.value === undefined))
    return undefined;
  return staticOutputOf(upstream[0].argv.map((a) => a.value!));
}

function envPrefix(w: Walker, st: State): boolean {
  const { args } = st;
  const assigns: Seed['assigns'] = [];
  let i = 1;
  while (i < args.length) {
    const a = args[i].value;
    if (a === undefined) {
      emitState(w, st, 'an option of env is only known at run time');
      return false;
    }
    if (a === '-S' || a === '--split-string' || (a.startsWith('-S') && a.length > 2)) {
      const text = a.length > 2 && !a.startsWith('--') ? a.slice(2) : args[i + 1]?.value;
      if (text === undefined) emitState(w, st, 'env -S with a string only known at run time');
      else w.nestedText(text, inner(st), 'env -S', st.seed.text);
      return false;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a);
    if (m) assigns.push({ name: m[1], value: m[2] });
    else if (a === '--') {
      i++;
      break;
    } else if (!a.startsWith('-')) break;
    i += ['-u', '--unset', '-C', '--chdir'].includes(a) ? 2 : 1;
  }
  if (i >= args.length) {
    emitState(w, st);
    return false;
  }
  st.seed = { ...st.seed, assigns: [...st.seed.assigns, ...assigns] };
  st.args = args.slice(i);
  if (st.wrappers.every((x) => WRAPPERS[x]?.safe)) st.matchArgs = st.args;
  st.wrappers.push('env');
  return true;
}

function xargs(st: State): boolean {
  const { args } = st;
  let i = 1;
  while (i < args.length) {
    const a = args[i].value;
    if (a === undefined) return false;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-')) break;
    i += XARGS_VALUE_OPTS.includes(a) ? 2 : 1;
  }
  const rest = i < args.length ? args.slice(i) : [lit('echo')];
  const piped = st.where.stdin === 'pipe' ? staticEcho(st.where.upstream) : undefined;
  const inputs = piped?.split(/\s+/).filter(Boolean).map(lit);
  st.args = inputs ? [...rest, ...inputs] : rest;
  st.matchArgs = st.args;
  st.where = { ...st.where, via: [...st.where.via, 'xargs'], extraArgs: !inputs, stdin: undefined };
  return true;
}

function shell(w: Walker, st: State, name: string): void {
  const inv = shellInvocation(st.args);
  const { where, seed } = st;
  switch (inv.kind) {
    case 'unknown':
      return emitState(w, st, codeReason(st, `${name} with arguments only known at run time`));
    case 'script': {
      if (inv.script.value === undefined) return emitState(w, st, codeReason(st, `${name} -c`));
      const positional = st.args.slice(st.args.indexOf(inv.script) + 1);
      return w.nestedText(inv.script.value, inner(st), `${name} -c`, seed.text, positional);
    }
    case 'file': {
      const { file } = inv;
      const dynamic = file.procsub || file.value === undefined || where.extraArgs;
      const shown = file.procsub ? '<(...)' : file.raw;
      return emitState(w, st, dynamic ? codeReason(st, `${name} ${shown}`) : undefined);
    }
    case 'stdin':
      break;
  }
  const stdin = seed.stdin ?? where.stdin;
  if (stdin === 'heredoc' || stdin === 'herestring') {
    const text = seed.stdin ? seed.stdinText : where.stdinText;
    if (text === undefined) return emitState(w, st, codeReason(st, `${name} <<<`));
    return w.nestedText(text, inner(st), `${name} <<`, seed.text);
  }
  if (stdin === 'pipe' || where.extraArgs) {
    const fetcher = where.upstream.find((p) => FETCHERS.has(p.name));
    if (fetcher) return emitState(w, st, `runs downloaded code (${fetcher.name} | ${name})`);
    const text = where.extraArgs ? undefined : staticEcho(where.upstream);
    if (text !== undefined) return w.nestedText(text, inner(st), `echo | ${name}`, seed.text);
    const catFiles =
      where.upstream.length > 0 &&
      where.upstream.every((p) => p.name === 'cat' && p.argv.every((a) => a.value !== undefined));
    if (catFiles && !where.extraArgs) return emitState(w, st);
    return emitState(w, st, `runs text piped into ${name} that is only known at run time`);
  }
  const input = seed.redirects.find((r) => r.kind === 'read');
  if (input && (input.target.procsub || input.target.value === undefined)) {
    return emitState(w, st, codeReason(st, `${name} < ${input.target.raw}`));
  }
  emitState(w, st);
}

function su(w: Walker, st: State, name: string): void {
  const script = commandOption(st.args)!;
  emitState(w, st);
  if (script.value === undefined) return emitState(w, st, codeReason(st, `${name} -c`));
  w.nestedText(
    script.value,
    { ...inner(st), wrappers: [...st.wrappers, name] },
    `${name} -c`,
    st.seed.text,
  );
}
