import { FETCHERS } from './command-wrappers';
import type { State, Walker, Where } from './walk-types';

/** Where the program of `st` runs its inner commands (its wrappers apply to them too). */
export function inner(st: State, via?: string): Where {
  const where = { ...st.where, wrappers: st.wrappers };
  return via ? { ...where, via: [...where.via, via] } : where;
}

/** Record the program of `st` as one part. */
export function emitState(w: Walker, st: State, unparseable?: string): void {
  w.emit(st.seed, st.where, st.args, {
    wrappers: st.wrappers,
    matchArgs: st.matchArgs,
    unparseable,
  });
}

/** Why code fed to a shell cannot be known; says so when it comes from the network. */
export function codeReason(st: State, what: string): string {
  const names = [...st.seed.subPrograms, ...st.where.upstream.map((p) => p.name)];
  const fetcher = names.find((n) => FETCHERS.has(n));
  return fetcher
    ? `runs downloaded code (${fetcher} output run by ${what})`
    : `runs code that is only known at run time (${what})`;
}
