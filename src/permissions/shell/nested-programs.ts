import { awkCommands, awkProgram } from './command-wrappers';
import type { Arg } from './expand-word';
import { execCommand, foundFiles, readFind } from './find-args';
import { codeReason, emitState, inner } from './program-state';
import type { State, Walker } from './walk-types';

/** Programs that run other commands given as arguments or strings (find -exec, watch, trap...). */

export function find(w: Walker, st: State): void {
  const { args } = st;
  const { starts, actions } = readFind(args);
  const found = foundFiles(args, starts);
  const execs = actions.filter((a) => /^-(exec|execdir|ok|okdir)$/.test(a.name));
  const dropped = new Set<number>();
  for (const { index } of execs) {
    const cmd = execCommand(args, index);
    for (let k = index; k <= index + cmd.length + 1; k++) dropped.add(k);
  }
  st.args = args.filter((_, k) => !dropped.has(k));
  emitState(w, st);
  for (const { index } of execs) {
    for (const file of found) {
      const cmd = execCommand(args, index).map((a) => (a.value === '{}' ? file : a));
      if (cmd.length === 0) continue;
      w.run(cmd, st.seed, { ...inner(st, 'find -exec'), extraArgs: true });
    }
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

/**
 * fd's `-x CMD...` / `-X CMD...` (`--exec`, `--exec-batch`): the rest of the arguments (up
 * to a `;`) is a command run on every file found, which it gets as arguments.
 */
export function fd(w: Walker, st: State): void {
  const { args } = st;
  const at = args.findIndex((a, i) => i > 0 && /^(-x|-X|--exec|--exec-batch)$/.test(a.value ?? ''));
  if (at < 0) return emitState(w, st);
  const end = args.findIndex((a, i) => i > at && a.value === ';');
  const cmd = args.slice(at + 1, end < 0 ? undefined : end);
  st.args = [...args.slice(0, at), ...(end < 0 ? [] : args.slice(end + 1))];
  emitState(w, st);
  if (cmd.length === 0) return;
  const found: Arg = { value: undefined, glob: false, raw: '{}', unknown: '{}' };
  w.run(
    cmd.map((a) => (a.value !== undefined && /^\{[/.]*\}$/.test(a.value) ? found : a)),
    st.seed,
    { ...inner(st, 'fd --exec'), extraArgs: true },
  );
}
