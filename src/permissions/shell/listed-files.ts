import path from 'node:path';
import { programName } from './command-wrappers';
import type { Arg } from './expand-word';
import { foundFiles, readFind } from './find-args';

/**
 * The files a command that lists files prints, as globs (`find ~/.ssh` -> `~/.ssh/*`, any
 * depth; `fd -e pem` -> `./*.pem`), or undefined when it is not such a command. What reads
 * its output (`find … | xargs cat`, `cat $(find …)`) gets these as the files it reads, so
 * a secret is seen however its name reaches the reader.
 */
export function listedFiles(argv: readonly Arg[]): Arg[] | undefined {
  const head = argv[0]?.value;
  if (head === undefined) return undefined;
  const { name } = programName(head);
  switch (name) {
    case 'find':
      return readFind(argv).starts.flatMap((start) => foundFiles(argv, [start]));
    case 'fd':
    case 'fdfind':
      return fdFiles(argv);
    case 'ls':
      return lsFiles(argv);
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'rg':
    case 'ag':
    case 'ack':
    case 'ugrep':
      return searchFiles(name, argv);
    case 'git':
      return gitFiles(argv);
    case 'locate':
    case 'plocate':
    case 'mlocate':
      return operands(argv.slice(1), new Set(['-d', '--database', '-l', '-n', '--limit'])).map(
        (pattern) => glob(`/${containing(pattern.value ?? '')}`),
      );
    default:
      return undefined;
  }
}

/** The words that are not options (and not an option's value), `--` ending the options. */
function operands(args: readonly Arg[], valueOptions: ReadonlySet<string>): Arg[] {
  const out: Arg[] = [];
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (options && v === '--') options = false;
    else if (options && v !== undefined && v.startsWith('-') && v !== '-') {
      if (valueOptions.has(v)) i++;
    } else out.push(args[i]);
  }
  return out;
}

function glob(value: string, tree = false): Arg {
  return { value, glob: /[*?[]/.test(value), raw: value, ...(tree ? { tree } : {}) };
}

/** Every file under `dir`, at any depth. */
function treeOf(dir: Arg): Arg {
  return dir.value === undefined ? dir : glob(path.posix.join(dir.value, '*'), true);
}

/** A name holding `text` (fd's and locate's patterns match anywhere in the name). */
function containing(text: string): string {
  const literal = text.replace(/^\^|\$$/g, '').replace(/\\\./g, '.');
  return /^[\w.-]+$/.test(literal) ? `*${literal}*` : '*';
}

const FD_VALUES = new Set(
  `-e --extension -t --type -d --max-depth --min-depth --exact-depth -E --exclude -S --size
  --changed-within --changed-before -o --owner -j --threads --max-results -c --color
  --base-directory --path-separator --search-path --ignore-file`.split(/\s+/),
);

/** `fd [PATTERN] [PATH…]`: files under each path named like the pattern or extension. */
function fdFiles(argv: readonly Arg[]): Arg[] {
  const args = argv.slice(1);
  const exec = args.findIndex((a) => /^(-x|-X|--exec|--exec-batch)$/.test(a.value ?? ''));
  const own = exec < 0 ? args : args.slice(0, exec);
  const [pattern, ...dirs] = operands(own, FD_VALUES);
  const extensions = own.flatMap((a, i) =>
    /^(-e|--extension)$/.test(a.value ?? '') && own[i + 1]?.value ? [own[i + 1].value!] : [],
  );
  const names = [
    ...(pattern?.value !== undefined ? [containing(pattern.value)] : []),
    ...extensions.map((ext) => `*.${ext.replace(/^\./, '')}`),
  ].filter((n) => n !== '*');
  const starts = dirs.length ? dirs : [glob('.')];
  return starts.flatMap((dir) =>
    dir.value === undefined
      ? [dir]
      : [treeOf(dir), ...names.map((n) => glob(path.posix.join(dir.value!, n)))],
  );
}

/** `ls A B`: the paths named (a folder's names under it); `-R`, every file below. */
function lsFiles(argv: readonly Arg[]): Arg[] {
  const recursive = argv.some((a) => /^-[a-zA-Z]*R|^--recursive$/.test(a.value ?? ''));
  const named = operands(argv.slice(1), new Set(['-I', '--ignore', '-w', '--width', '-T']));
  const paths = named.length ? named : [glob('.')];
  return paths.map((p) => (recursive ? treeOf(p) : p));
}

const SEARCH_VALUES = new Set(
  `-e -f -m -A -B -C -d -D --regexp --file --max-count --context -g --glob -t --type -T
  --type-not --ignore-file --max-depth -j --threads -M --max-columns -E --encoding
  --pre --pre-glob --sort --sortr --color --colors --context-separator -r --replace`.split(/\s+/),
);

/**
 * Searches that print file names (`grep -rl`, `rg -l`, `rg --files`): the files under the
 * paths searched. Other searches print lines, not names: undefined.
 */
function searchFiles(name: string, argv: readonly Arg[]): Arg[] | undefined {
  const words = argv.slice(1).map((a) => a.value ?? '');
  const listsFiles = words.some((w) =>
    /^(-[a-zA-Z]*[lL][a-zA-Z]*|--files|--files-with(out)?-matches?|--files-without-match)$/.test(w),
  );
  if (!listsFiles) return undefined;
  // rg's -r is --replace; grep's -r is recursion. rg, ag and ack always recurse.
  const values =
    name === 'rg' ? SEARCH_VALUES : new Set([...SEARCH_VALUES].filter((v) => v !== '-r'));
  const all = operands(argv.slice(1), values);
  const patternGiven = words.some((w) => /^(-e|-f|--regexp|--file)$|^--(regexp|file)=/.test(w));
  const paths = words.includes('--files') || patternGiven ? all : all.slice(1);
  return (paths.length ? paths : [glob('.')]).map(treeOf);
}

/** `git ls-files`, `git diff --name-only`, `git status -s`: the workspace's files. */
function gitFiles(argv: readonly Arg[]): Arg[] | undefined {
  const words = argv.slice(1).map((a) => a.value ?? '');
  const sub = words.find((w) => !w.startsWith('-'));
  const names =
    sub === 'ls-files' ||
    sub === 'ls-tree' ||
    (sub === 'diff' && words.some((w) => /^--name-(only|status)$/.test(w))) ||
    (sub === 'status' && words.some((w) => /^(-s|--short|--porcelain)/.test(w))) ||
    (sub === 'grep' && words.some((w) => /^(-l|--files-with-matches|--name-only)$/.test(w)));
  return names ? [treeOf(glob('.'))] : undefined;
}
