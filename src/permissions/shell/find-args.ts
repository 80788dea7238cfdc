import path from 'node:path';
import type { Arg } from './expand-word';

/** find's primaries that take the next word as their value (`-name -delete` names a file). */
const VALUE_PRIMARIES = new Set(
  `-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype
  -perm -user -group -uid -gid -size -links -inum -samefile -newer -anewer -cnewer -fstype
  -mtime -atime -ctime -mmin -amin -cmin -used -maxdepth -mindepth -regextype -context -printf
  -fprint -fprint0 -fls -files0-from`
    .split(/\s+/)
    .filter(Boolean),
);

export interface FindExpression {
  /** The starting points (`.` when none is given). */
  starts: Arg[];
  /** Index in `args` where the expression begins. */
  exprStart: number;
  /** The primaries that act (`-delete`, `-exec`, `-fprint`...) with their index in `args`. */
  actions: { name: string; index: number }[];
}

/**
 * Reads find's command line: options (-H -L -P -D -O), starting points, then the
 * expression, skipping the values of primaries that take one. `args[0]` is `find`.
 */
export function readFind(args: readonly Arg[]): FindExpression {
  let i = 1;
  while (i < args.length && /^-([HLP]|D\S*|O\d*)$/.test(args[i].value ?? '')) {
    i += args[i].value === '-D' ? 2 : 1;
  }
  const starts: Arg[] = [];
  while (i < args.length && (args[i].value === undefined || !/^[-(!]/.test(args[i].value!))) {
    starts.push(args[i++]);
  }
  const exprStart = i;
  const actions: FindExpression['actions'] = [];
  for (; i < args.length; i++) {
    const a = args[i].value ?? '';
    if (VALUE_PRIMARIES.has(a)) {
      if (/^-f(print0?|ls)$/.test(a)) actions.push({ name: a, index: i });
      i++;
    } else if (a === '-fprintf') {
      actions.push({ name: a, index: i });
      i += 2;
    } else if (/^-(exec|execdir|ok|okdir)$/.test(a)) {
      actions.push({ name: a, index: i });
      while (i + 1 < args.length && args[i + 1].value !== ';' && args[i + 1].value !== '+') i++;
      i++;
    } else if (a === '-delete') actions.push({ name: a, index: i });
  }
  if (starts.length === 0) starts.push({ value: '.', glob: false, raw: '.' });
  return { starts, exprStart, actions };
}

/** The command of an `-exec`-style action at `index`: the words up to `;` or `+`. */
export function execCommand(args: readonly Arg[], index: number): Arg[] {
  let j = index + 1;
  while (j < args.length && args[j].value !== ';' && args[j].value !== '+') j++;
  return args.slice(index + 1, j);
}

/**
 * The file-name patterns of `-name`/`-iname` (`*.pem`), distinct, that every file an action
 * gets must match; a negated one (`! -name x`) or one holding a `/` is left out. `only` is
 * false when other files may reach the action too: no pattern, or an expression with
 * alternatives (`-o`, `,`) or negations, where `-name b -prune -o -exec rm {}` acts on the
 * files not named b.
 */
export function namePatterns(args: readonly Arg[]): { names: string[]; only: boolean } {
  const names = new Set<string>();
  let branches = false;
  args.forEach((a, i) => {
    const v = a.value;
    if (v === '-o' || v === '-or' || v === ',' || v === '!' || v === '-not') branches = true;
    const value = args[i + 1]?.value;
    const negated = ['!', '-not'].includes(args[i - 1]?.value ?? '');
    if ((v === '-name' || v === '-iname') && value && !value.includes('/') && !negated) {
      names.add(value);
    }
  });
  return { names: [...names], only: names.size > 0 && !branches };
}

/**
 * What `{}` stands for in find's `-exec`: a file under the one starting point, named as a
 * `-name` pattern says (one run per pattern, so `-name '*.pem'` is judged as a .pem file),
 * and any file under it (`start/*`) unless the patterns are all it can be.
 */
export function foundFiles(args: readonly Arg[], starts: readonly Arg[]): Arg[] {
  const start = starts.length === 1 ? starts[0].value : undefined;
  if (start === undefined) return [{ value: undefined, glob: false, raw: '{}', unknown: '{}' }];
  const { names, only } = namePatterns(args);
  // `*` stands for every file under the start, at any depth: find recurses.
  return [...(only ? [] : ['*']), ...names].map((name) => ({
    value: path.posix.join(start, name),
    glob: /[*?[]/.test(name),
    raw: '{}',
    ...(name === '*' ? { tree: true } : {}),
  }));
}
