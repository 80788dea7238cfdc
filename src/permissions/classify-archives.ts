import { hasFlag, splitArgs } from './cli-args';
import type { Handler } from './classify-files';
import type { PathJudge } from './path-judge';
import { readOnly, risky, workspace, worst, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';

const dot = (): Arg => ({ value: '.', glob: false, raw: '.' });

/** The archive tar reads or writes: `-f X`, `-cvf X`, `--file=X`, or old-style `cvf X`. */
function tarFile(argv: readonly Arg[], mode: string, operands: Arg[]): Arg | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i].value ?? '';
    if (a === '--') break;
    if (/^-[A-Za-z]*f$/.test(a) || a === '--file') return argv[i + 1];
    if (a.startsWith('--file=')) return { ...argv[i], value: a.slice(7) };
  }
  return mode.includes('f') ? operands[1] : undefined;
}

function tar(part: CommandPart, j: PathJudge): Verdict {
  const { opts, values, operands } = splitArgs(part.argv, ['-C', '--directory', '-f', '--file']);
  const first = part.argv[1]?.value ?? '';
  const mode = /^[A-Za-z]+$/.test(first) ? first : '';
  const has = (short: string, ...long: string[]) => hasFlag(opts, short, ...long);
  const extract = has('x', '--extract', '--get') || mode.includes('x');
  const create =
    has('c', '--create') || has('r', '--append') || has('u', '--update') || /[cru]/.test(mode);
  if (has('P', '--absolute-names') && extract) return risky('extracts absolute paths (tar -P)');
  if (opts.some((o) => o.startsWith('--to-command')))
    return workspace('pipes files into a command');
  if (extract)
    return j.write(values.get('-C') ?? values.get('--directory') ?? dot(), 'extracts into');
  if (create) {
    const file = tarFile(part.argv, mode, operands);
    return file && file.value !== '-' ? j.write(file, 'writes') : workspace('creates an archive');
  }
  return readOnly('lists an archive');
}

/**
 * gzip, bzip2, xz, zstd...: compressing or expanding a file replaces it; `-c`, `-l`, `-t`
 * and reading standard input only print.
 */
function compressor(part: CommandPart, j: PathJudge): Verdict {
  const valueOpts = '-S --suffix -o --output -T --threads -b'.split(' ');
  const { opts, operands } = splitArgs(part.argv, valueOpts);
  if (hasFlag(opts, 'c', '--stdout', '--to-stdout') || /cat$/.test(part.name)) {
    return readOnly('writes the result to the output');
  }
  if (hasFlag(opts, 'l', '--list') || hasFlag(opts, 't', '--test'))
    return readOnly('checks archives');
  const verdicts = operands.map((f) => j.write(f, 'replaces'));
  if (part.extraArgs) verdicts.push(risky(`replaces files it is given at run time (${part.name})`));
  return worst(verdicts, workspace(`runs ${part.name} on its input`));
}

/** zip ARCHIVE FILES: writes the archive (`-d` deletes entries from it). */
function zip(part: CommandPart, j: PathJudge): Verdict {
  const { operands } = splitArgs(part.argv, ['-b', '-n', '-t', '-tt', '-x', '-i', '-O', '--out']);
  const archive = operands[0];
  return archive ? j.write(archive, 'writes') : workspace('creates an archive');
}

/** unzip: lists and tests read; otherwise it extracts into -d DIR or the current folder. */
function unzip(part: CommandPart, j: PathJudge): Verdict {
  const { opts, values } = splitArgs(part.argv, ['-d', '-x', '-P', '-O', '-I']);
  if (
    hasFlag(opts, 'l') ||
    hasFlag(opts, 't') ||
    hasFlag(opts, 'v') ||
    hasFlag(opts, 'Z') ||
    hasFlag(opts, 'p') ||
    hasFlag(opts, 'z')
  ) {
    return readOnly('lists or tests an archive');
  }
  return j.write(values.get('-d') ?? dot(), 'extracts into');
}

/** 7z: `l`/`t` read; `x`/`e` extract into -oDIR; `a`/`u`/`d`/`rn` change the archive. */
function sevenZip(part: CommandPart, j: PathJudge): Verdict {
  const { opts, operands } = splitArgs(part.argv);
  const [command, archive] = operands.map((o) => o.value);
  if (command === 'l' || command === 't' || command === 'i' || command === 'h')
    return readOnly('lists or tests an archive');
  if (command === 'x' || command === 'e') {
    const out = opts.find((o) => o.startsWith('-o'));
    return j.write(out ? { value: out.slice(2), glob: false, raw: out } : dot(), 'extracts into');
  }
  return archive ? j.write(operands[1], 'writes') : workspace(`runs ${part.name}`);
}

/** split/csplit write pieces named by a prefix (`x`/`xx` by default) in the current folder. */
function splitter(defaultPrefix: string, prefixOpt: string): Handler {
  return (part, j) => {
    const { operands, values } = splitArgs(part.argv, [
      '-a',
      '-b',
      '-C',
      '-l',
      '-n',
      '-d',
      '-t',
      '--suffix-length',
      '--bytes',
      '--lines',
      '--number',
      prefixOpt,
      '--prefix',
      '--additional-suffix',
    ]);
    const prefix =
      values.get(prefixOpt) ??
      values.get('--prefix') ??
      (part.name === 'split' ? operands[1] : undefined);
    return j.write(
      prefix ?? { value: defaultPrefix, glob: false, raw: defaultPrefix },
      'writes pieces to',
    );
  };
}

/** patch: edits the files the patch names (in the current folder); --dry-run only checks. */
function patch(part: CommandPart, j: PathJudge): Verdict {
  const { opts, values, operands } = splitArgs(part.argv, [
    '-p',
    '-i',
    '--input',
    '-o',
    '--output',
    '-d',
    '--directory',
    '-r',
    '-B',
    '-z',
    '-V',
    '-D',
    '-F',
  ]);
  if (hasFlag(opts, '', '--dry-run', '--check')) return readOnly('checks whether a patch applies');
  const out = values.get('-o') ?? values.get('--output');
  if (out) return j.write(out, 'writes');
  const target = operands[0] ?? values.get('-d') ?? values.get('--directory') ?? dot();
  return j.write(target, 'patches files in');
}

export const ARCHIVE_HANDLERS: Record<string, Handler> = {
  tar,
  ...Object.fromEntries(
    'gzip gunzip bzip2 bunzip2 xz unxz lzma unlzma zstd unzstd lz4 pigz pbzip2 compress uncompress brotli zcat bzcat xzcat zstdcat'
      .split(' ')
      .map((n) => [n, compressor]),
  ),
  zip,
  unzip,
  '7z': sevenZip,
  '7za': sevenZip,
  '7zr': sevenZip,
  split: splitter('x', '--prefix'),
  csplit: splitter('xx', '-f'),
  patch,
};
