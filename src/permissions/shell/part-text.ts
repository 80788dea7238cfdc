import type { Arg, PartRedirect } from './command-part';
import { programName } from './command-wrappers';

export function renderRedirect(r: PartRedirect): string {
  return `${r.fd ?? ''}${r.op}${r.kind === 'dup' ? '' : ' '}${r.target.raw}`;
}

const PLAIN = /^[A-Za-z0-9_\-+=.,/:@%^~]+$/;

/** Arguments written back as a command line, for matching rules such as `bash(git push:*)`. */
export function renderArgs(args: Arg[], assigns: { name: string; value?: string }[] = []): string {
  const words = args.map((a, i) => {
    if (a.value === undefined || a.glob) return a.raw;
    const v = i === 0 && !programName(a.value).qualified ? programName(a.value).name : a.value;
    return PLAIN.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
  });
  const prefix = assigns.map((a) => `${a.name}=${a.value ?? '…'}`);
  return [...prefix, ...words].join(' ');
}
