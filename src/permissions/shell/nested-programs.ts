import path from 'node:path';
import { awkCommands, awkProgram } from './command-wrappers';
import type { Arg } from './expand-word';
import { codeReason, emitState, inner } from './program-state';
import type { State, Walker } from './walk-types';

/** Programs that run other commands given as arguments or strings (find -exec, watch, trap...). */

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

export function find(w: Walker, st: State): void {
  const { args } = st;
  let i = 1;
  while (i < args.length && /^-[HLP]$/.test(args[i].value ?? '')) i++;
  const starts: Arg[] = [];
  while (i < args.length && args[i].value !== undefined && !/^[-(!]/.test(args[i].value!)) {
    starts.push(args[i++]);
  }
  const start = starts.length === 1 ? starts[0].value : starts.length === 0 ? '.' : undefined;
  const found: Arg =
    start === undefined
      ? { value: undefined, glob: false, raw: '{}', unknown: '{}' }
      : { value: path.posix.join(start, '*'), glob: true, raw: '{}' };
  const kept = args.slice(0, i);
  const execs: Arg[][] = [];
  for (; i < args.length; i++) {
    if (!FIND_EXEC.has(args[i].value ?? '')) {
      kept.push(args[i]);
      continue;
    }
    let j = i + 1;
    while (j < args.length && args[j].value !== ';' && args[j].value !== '+') j++;
    execs.push(args.slice(i + 1, j).map((a) => (a.value === '{}' ? found : a)));
    i = j;
  }
  st.args = kept;
  emitState(w, st);
  for (const cmd of execs) {
    if (cmd.length === 0) continue;
    w.run(cmd, st.seed, { ...inner(st, 'find -exec'), extraArgs: true });
  }
}

export function watch(w: Walker, st: State): void {
  const { args } = st;
  let i = 1;
  let exec = false;
  while (i < args.length && (args[i].value ?? '').startsWith('-')) {
    const a = args[i].value!;
    if (a === '-x' || a === '--exec') exec = true;
    i += a === '-n' || a === '--interval' ? 2 : 1;
  }
  const rest = args.slice(i);
  if (rest.length === 0) return emitState(w, st);
  if (exec) return w.run(rest, st.seed, inner(st, 'watch'));
  if (rest.some((a) => a.value === undefined)) return emitState(w, st, codeReason(st, 'watch'));
  w.nestedText(rest.map((a) => a.value).join(' '), inner(st), 'watch', st.seed.text);
}

export function trap(w: Walker, st: State): void {
  const action = st.args[1];
  emitState(w, st);
  if (!action || st.args.length < 3 || action.value?.startsWith('-')) return;
  if (action.value === undefined) return emitState(w, st, codeReason(st, 'trap'));
  w.nestedText(action.value, inner(st), 'trap', st.seed.text);
}

export function flock(w: Walker, st: State): void {
  const { args } = st;
  let i = 1;
  while (i < args.length && (args[i].value ?? '').startsWith('-')) {
    const a = args[i].value!;
    if (a === '-c' || a === '--command') break;
    i += ['-w', '--wait', '--timeout', '-E', '--conflict-exit-code'].includes(a) ? 2 : 1;
  }
  i++;
  const next = args[i]?.value;
  if (next === '-c' || next === '--command') {
    const script = args[i + 1];
    if (!script || script.value === undefined) return emitState(w, st, codeReason(st, 'flock -c'));
    return w.nestedText(script.value, inner(st), 'flock -c', st.seed.text);
  }
  if (i >= args.length) return emitState(w, st);
  w.run(args.slice(i), st.seed, { ...inner(st), wrappers: [...st.wrappers, 'flock'] });
}

export function parallel(w: Walker, st: State): void {
  const { args } = st;
  let i = 1;
  while (i < args.length && (args[i].value ?? '').startsWith('-')) {
    const a = args[i].value!;
    i += ['-j', '--jobs', '-S', '--sshlogin', '-a', '--arg-file', '-d', '-n', '-I'].includes(a)
      ? 2
      : 1;
  }
  let end = args.findIndex((a, k) => k >= i && (a.value === ':::' || a.value === '::::'));
  if (end < 0) end = args.length;
  const cmd = args.slice(i, end);
  if (cmd.length === 0) return emitState(w, st, 'runs commands read from its input');
  if (cmd.length === 1 && cmd[0].value !== undefined) {
    return w.nestedText(cmd[0].value, inner(st), 'parallel', st.seed.text);
  }
  w.run(cmd, st.seed, { ...inner(st, 'parallel'), extraArgs: true });
}

/** `alias x='rm -rf y'`: the body runs wherever the alias is used. */
export function alias(w: Walker, st: State): void {
  emitState(w, st);
  for (const arg of st.args.slice(1)) {
    const m = /^[^=]+=(.*)$/s.exec(arg.value ?? '');
    if (arg.value === undefined) emitState(w, st, codeReason(st, 'alias'));
    else if (m) w.nestedText(m[1], inner(st), 'alias', st.seed.text);
  }
}

export function awk(w: Walker, st: State): void {
  const { program, fromFile } = awkProgram(st.args);
  if (fromFile || !program) return emitState(w, st);
  if (program.value === undefined) return emitState(w, st, codeReason(st, 'awk'));
  const { scripts, dynamic } = awkCommands(program.value);
  emitState(w, st, dynamic ? 'the awk program runs commands only known at run time' : undefined);
  for (const s of scripts) w.nestedText(s, inner(st), 'awk system()', st.seed.text);
}

const CODE_CALL =
  /\b(?:os\.system|os\.popen|subprocess\.\w+|system|exec|execSync|spawnSync|popen|shell_exec|passthru)\s*\(\s*[rfb]?(["'`])((?:(?!\1)[^\\]|\\.)*)\1/g;

/** Shell commands in interpreter one-liners: `python -c 'os.system("rm -rf x")'`. */
export function inlineCode(w: Walker, st: State, flags: string[]): void {
  const at = st.args.findIndex((a) => flags.includes(a.value ?? ''));
  const code = at > 0 ? st.args[at + 1]?.value : undefined;
  if (!code) return;
  for (const m of code.matchAll(CODE_CALL)) {
    w.nestedText(m[2].replace(/\\(.)/g, '$1'), inner(st), `${st.args[0].value} code`, st.seed.text);
  }
}
