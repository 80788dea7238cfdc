import type { Arg } from './shell/command-part';

/** A command's arguments split into options and operands (after `--`, everything is an operand). */
export interface SplitArgs {
  opts: string[];
  operands: Arg[];
  /** Values of the options listed as taking one (`-o FILE`, `--output FILE`, `--output=FILE`). */
  values: Map<string, Arg>;
}

export function splitArgs(argv: readonly Arg[], valueOpts: readonly string[] = []): SplitArgs {
  const out: SplitArgs = { opts: [], operands: [], values: new Map() };
  let dashdash = false;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    const a = arg.value;
    if (dashdash || a === undefined || !a.startsWith('-') || a === '-') {
      out.operands.push(arg);
    } else if (a === '--') dashdash = true;
    else {
      out.opts.push(a);
      const eq = a.indexOf('=');
      if (a.startsWith('--') && eq > 0 && valueOpts.includes(a.slice(0, eq))) {
        out.values.set(a.slice(0, eq), { ...arg, value: a.slice(eq + 1) });
      } else if (valueOpts.includes(a) && i + 1 < argv.length) {
        out.values.set(a, argv[++i]);
      } else {
        const short = shortValue(a, valueOpts);
        if (short?.value) out.values.set(short.option, { ...arg, value: short.value });
        else if (short && i + 1 < argv.length) out.values.set(short.option, argv[++i]);
      }
    }
  }
  return out;
}

/**
 * A short value option inside `a`, read as getopt reads it: the letters before it are flags,
 * the rest of the word is its value (`-ofile`, `-qO-`), or the next word when nothing is
 * left (`-sSLo FILE`: `value` is empty).
 */
function shortValue(
  a: string,
  valueOpts: readonly string[],
): { option: string; value: string } | undefined {
  if (a.startsWith('--')) return undefined;
  for (let k = 1; k < a.length; k++) {
    if (!/[A-Za-z0-9]/.test(a[k])) return undefined;
    const option = `-${a[k]}`;
    if (valueOpts.includes(option)) return { option, value: a.slice(k + 1) };
  }
  return undefined;
}

/** `-r` in `-rf`, or one of the long forms (`--recursive`, `--recursive=...`). */
export function hasFlag(opts: readonly string[], short: string, ...long: string[]): boolean {
  return opts.some(
    (o) =>
      (short !== '' && /^-[A-Za-z0-9]+$/.test(o) && o.slice(1).includes(short)) ||
      long.some((l) => o === l || o.startsWith(`${l}=`)),
  );
}

/** The first operand (a subcommand such as `install` in `npm install x`). */
export function subcommand(
  argv: readonly Arg[],
  valueOpts: readonly string[] = [],
): string | undefined {
  return splitArgs(argv, valueOpts).operands[0]?.value;
}
