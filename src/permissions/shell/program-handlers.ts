import {
  AWKS,
  FETCHERS,
  SHELLS,
  WRAPPERS,
  commandOption,
  programName,
  runnerCommand,
  shellInvocation,
  wrappedCommandStart,
} from './command-wrappers';
import { envCommand } from './env-command';
import type { Arg } from './expand-word';
import { parallel, xargs } from './fan-out';
import { interpreter, interpreterSpec } from './interpreters';
import { alias, awk, fd, find, flock, trap, watch } from './nested-programs';
import { optionCommands } from './program-hooks';
import { codeReason, emitState, inner } from './program-state';
import { knownStdin } from './stdin-text';
import type { Seed, State, Walker, Where } from './walk-types';
import { own } from './own-key';

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
    const runner = runnerCommand(st.args);
    if (runner) {
      st.wrappers.push(runner.runner);
      st.args = st.args.slice(runner.index);
      continue;
    }
    const spec = own(WRAPPERS, name);
    if (spec) {
      const start = wrappedCommandStart(st.args, spec);
      if (start.kind === 'unknown') return emit(`an option of ${name} is only known at run time`);
      if (start.kind === 'self') return emit();
      const safe = spec.safe && st.wrappers.every((x) => WRAPPERS[x]?.safe);
      // `time -o FILE cmd`: the file it writes is judged as a redirection of the command.
      const written = wrapperOutputs(st.args.slice(0, start.index), spec.writes ?? []);
      if (written.length > 0) {
        st.seed = {
          ...st.seed,
          redirects: [
            ...st.seed.redirects,
            ...written.map((target) => ({
              kind: 'write' as const,
              op: '>' as const,
              fd: 1,
              target,
            })),
          ],
          base: st.seed,
        };
      }
      st.wrappers.push(name);
      st.args = st.args.slice(start.index);
      if (safe) st.matchArgs = st.args;
      continue;
    }
    if (name === 'env') {
      if (envCommand(w, st)) continue;
      return;
    }
    if (name === 'xargs') return xargs(w, st);
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
      case 'fd':
      case 'fdfind':
        return fd(w, st);
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
    for (const { channel, value } of optionCommands(name, st.args)) {
      w.hook(value.value, inner(st), channel, st.seed.text);
    }
    const code = interpreterSpec(name);
    if (code) return interpreter(w, st, code);
    return emit();
  }
  emit('too many nested wrappers');
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
  const stdin = knownStdin(seed, where);
  if (stdin.source === 'heredoc' || stdin.source === 'herestring') {
    if (stdin.text === undefined) return emitState(w, st, codeReason(st, `${name} <<<`));
    return w.nestedText(stdin.text, inner(st), `${name} <<`, seed.text);
  }
  if (stdin.source === 'pipe' || where.extraArgs) {
    const fetcher = where.upstream.find((p) => FETCHERS.has(p.name));
    if (fetcher) return emitState(w, st, `runs downloaded code (${fetcher.name} | ${name})`);
    if (stdin.text !== undefined) {
      const from = where.upstream[0]?.name ?? 'echo';
      return w.nestedText(stdin.text, inner(st), `${from} | ${name}`, seed.text);
    }
    const catFiles =
      where.upstream.length > 0 &&
      where.upstream.every(
        (p) => p.name === 'cat' && p.argv.length > 1 && p.argv.every((a) => a.value !== undefined),
      );
    if (catFiles && !where.extraArgs) return emitState(w, st);
    return emitState(w, st, `runs text piped into ${name} that is only known at run time`);
  }
  const input = seed.redirects.find((r) => r.kind === 'read');
  if (input && (input.target.procsub || input.target.value === undefined)) {
    return emitState(w, st, codeReason(st, `${name} < ${input.target.raw}`));
  }
  emitState(w, st);
}

/** The values of a wrapper's file-writing options among its own arguments. */
function wrapperOutputs(args: Arg[], writes: readonly string[]): Arg[] {
  const out: Arg[] = [];
  for (let i = 1; i < args.length; i++) {
    const a = args[i].value ?? '';
    if (writes.includes(a) && args[i + 1]) out.push(args[++i]);
    else {
      const eq = a.indexOf('=');
      if (eq > 0 && writes.includes(a.slice(0, eq)))
        out.push({ ...args[i], value: a.slice(eq + 1) });
    }
  }
  return out;
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
