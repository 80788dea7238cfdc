import { hasFlag, splitArgs } from './cli-args';
import type { Arg, CommandPart } from './shell/command-part';
import type { PathJudge } from './path-judge';
import { readSedScript } from './sed-script';
import { criticalPath, isBlockDevice } from './paths';
import { forbidden, readOnly, risky, workspace, worst, type Verdict } from './risk';
import { own } from './shell/own-key';

export type Handler = (part: CommandPart, judge: PathJudge) => Verdict;

const RECURSIVE = (opts: string[]) => hasFlag(opts, 'r', '--recursive') || hasFlag(opts, 'R');

function remove(part: CommandPart, j: PathJudge, verb = 'deletes', noun = 'files'): Verdict {
  const { opts, operands } = splitArgs(part.argv);
  const recursive = RECURSIVE(opts);
  const verdicts = operands.map((op) => j.remove(op, recursive, verb, noun));
  if (part.extraArgs) verdicts.push(risky(`${verb} ${noun} it is given at run time`));
  return worst(verdicts, risky(`${verb} ${noun}`));
}

function shred(part: CommandPart, j: PathJudge): Verdict {
  const { operands } = splitArgs(part.argv, ['-n', '-s', '--iterations', '--size']);
  const device = operands.map((op) => j.abs(op)).find((abs) => abs && isBlockDevice(abs));
  if (device) return forbidden(`overwrites the disk device ${device}`);
  return worst(
    operands.map((op) => j.remove(op, false, 'destroys')),
    risky('destroys files'),
  );
}

/** cp/mv/install/ln: the destination is `-t DIR` or the last operand. */
function copyLike(verb: string, sourcesMove: boolean): Handler {
  return (part, j) => {
    const { opts, operands, values } = splitArgs(part.argv, [
      '-t',
      '--target-directory',
      '-S',
      '--suffix',
      '-m',
      '--mode',
      '-o',
      '--owner',
      '-g',
      '--group',
    ]);
    const target = values.get('-t') ?? values.get('--target-directory');
    const dirsOnly = part.name === 'install' && hasFlag(opts, 'd', '--directory');
    const dest = target ?? (dirsOnly ? undefined : operands[operands.length - 1]);
    const sources = dirsOnly ? [] : target ? operands : operands.slice(0, -1);
    const verdicts: Verdict[] = [];
    for (const d of dirsOnly ? operands : dest ? [dest] : []) {
      verdicts.push(j.write(d, verb, { devNullOk: !sourcesMove }));
    }
    if (part.extraArgs && !dest) verdicts.push(risky(`${verb} a path given at run time`));
    for (const src of sources) {
      const read = j.read(src);
      if (read) verdicts.push(read);
      if (!sourcesMove) continue;
      const abs = j.abs(src);
      const critical = abs && criticalPath(abs, j.homeDir);
      if (critical) verdicts.push(forbidden(`moves ${critical} away`));
      else verdicts.push(j.write(src, 'moves', { devNullOk: false }));
    }
    return worst(verdicts, workspace(`${verb} files in the workspace`));
  };
}

const dot = (): Arg => ({ value: '.', glob: false, raw: '.' });

/** xargs appends the files: where they are is only known at run time. */
export function filesGivenLater(part: CommandPart, files: readonly Arg[], verb: string): Verdict[] {
  return part.extraArgs && files.length === 0
    ? [risky(`${verb} files it is given at run time (${part.name})`)]
    : [];
}

function writesOperands(verb: string, valueOpts: string[] = []): Handler {
  return (part, j) => {
    const { operands } = splitArgs(part.argv, valueOpts);
    // With no file (`tee`) or only devices (`tee /dev/tty`) nothing is written.
    return worst(
      [...operands.map((op) => j.write(op, verb)), ...filesGivenLater(part, operands, verb)],
      readOnly(`${verb} no file`),
    );
  };
}

/** `rename 's/a/b/' FILES` (Perl) or `rename FROM TO FILES` (util-linux): renames the files. */
function rename(part: CommandPart, j: PathJudge): Verdict {
  const { opts, operands } = splitArgs(part.argv);
  if (hasFlag(opts, 'n', '--dry-run', '--no-act', '--nono'))
    return readOnly('lists renames (dry run)');
  const files = operands.slice(1);
  const verdicts = [
    ...files.map((f) => j.write(f, 'renames')),
    ...filesGivenLater(part, files, 'renames'),
  ];
  // Perl's rename reads the names from its input when none are given.
  if (files.length === 0 && part.stdin === 'pipe')
    verdicts.push(risky('renames files it reads from its input'));
  return worst(verdicts, workspace('renames files'));
}

function link(part: CommandPart, j: PathJudge): Verdict {
  const { operands, values } = splitArgs(part.argv, ['-t', '--target-directory', '-S', '--suffix']);
  const dir = values.get('-t') ?? values.get('--target-directory');
  const at: Arg =
    dir ??
    (operands.length >= 2 ? operands[operands.length - 1] : { value: '.', glob: false, raw: '.' });
  return worst([j.write(at, 'creates a link at')], workspace('creates a link'));
}

function rsync(part: CommandPart, j: PathJudge): Verdict {
  const { opts, operands } = splitArgs(part.argv, ['-e', '--rsh', '--exclude', '--include', '-f']);
  if (hasFlag(opts, 'n', '--dry-run', '--list-only')) return readOnly('lists what it would copy');
  const remote = operands.some((op) => /^[^/.][^/]*:/.test(op.value ?? ''));
  const verdicts: Verdict[] = [];
  if (remote) verdicts.push(risky('copies files to or from another machine'));
  // `--del` is rsync's own alias of --delete-during.
  if (opts.some((o) => /^--del($|ete)/.test(o) || o === '--remove-source-files')) {
    verdicts.push(risky('deletes files (rsync --delete)'));
  }
  const dest = operands[operands.length - 1];
  if (dest && !remote) verdicts.push(j.write(dest, 'copies to'));
  return worst(verdicts, workspace('copies files'));
}

function dd(part: CommandPart, j: PathJudge): Verdict {
  const verdicts: Verdict[] = [risky('writes raw data (dd)')];
  for (const arg of part.argv.slice(1)) {
    const m = /^of=(.*)$/s.exec(arg.value ?? '');
    if (!m) continue;
    const target: Arg = { ...arg, value: m[1] };
    const abs = j.abs(target);
    if (abs && isBlockDevice(abs))
      verdicts.push(forbidden(`writes raw data onto the disk device ${abs}`));
    else verdicts.push(j.write(target, 'writes raw data to'));
  }
  return worst(verdicts, risky('writes raw data (dd)'));
}

/** mkfs, fdisk, wipefs...: on a disk device it is forbidden. */
function disk(part: CommandPart, j: PathJudge): Verdict {
  for (const arg of part.argv.slice(1)) {
    const abs = arg.value?.startsWith('/dev/') ? j.abs(arg) : undefined;
    if (abs && isBlockDevice(abs)) {
      return forbidden(`formats or partitions the disk device ${abs} (destroys its data)`);
    }
  }
  return risky('formats or partitions disks');
}

function worldWritable(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) return '2367'.includes(mode[mode.length - 1]);
  return mode.split(',').some((m) => /^[ugoa]*[oa][ugoa]*[+=][rwxXst]*w/.test(m));
}

function setuid(mode: string): boolean {
  if (/^[0-7]{4}$/.test(mode)) return (Number(mode[0]) & 6) !== 0;
  return mode.split(',').some((m) => /^[ugoa]*[+=][rwxXt]*s/.test(m));
}

/** chmod/chown/chgrp: -R or world-writable modes are risky; -R over a critical path is forbidden. */
function permissions(kind: 'chmod' | 'chown'): Handler {
  return (part, j) => {
    const { opts, operands } = splitArgs(part.argv, ['--reference', '--from']);
    const hasRef = opts.some((o) => o.startsWith('--reference'));
    const spec = hasRef ? undefined : operands[0];
    const files = hasRef ? operands : operands.slice(1);
    const recursive = RECURSIVE(opts);
    const verb = kind === 'chmod' ? 'changes permissions of' : 'changes the owner of';
    const verdicts: Verdict[] = [];
    for (const f of files) {
      const abs = j.abs(f);
      const critical = abs && criticalPath(abs, j.homeDir);
      if (critical && recursive) verdicts.push(forbidden(`${verb} everything in ${critical}`));
      verdicts.push(j.write(f, verb));
    }
    const mode = spec?.value ?? '';
    if (kind === 'chmod' && worldWritable(mode)) {
      verdicts.push(risky(`makes files writable by everyone (chmod ${mode})`));
    }
    if (kind === 'chmod' && setuid(mode))
      verdicts.push(risky(`sets the setuid/setgid bit (${mode})`));
    if (recursive) verdicts.push(risky(`${verb} a whole tree (-R)`));
    verdicts.push(...filesGivenLater(part, files, verb));
    return worst(verdicts, workspace(`${verb} files`));
  };
}

const literal = (value: string): Arg => ({ value, glob: false, raw: value });

/** sed: read-only unless -i, `w FILE`, or the `e` command and `s///e` (which run a shell). */
function sed(part: CommandPart, j: PathJudge): Verdict {
  const { opts, operands, values } = splitArgs(part.argv, ['-e', '--expression', '-f', '--file']);
  const explicit = opts.some((o) => o === '-e' || o.startsWith('--expression') || o === '-f');
  const scripts = part.argv.flatMap((a, i) => {
    const prev = part.argv[i - 1]?.value;
    if (prev === '-e' || prev === '--expression') return [a.value];
    return a.value?.startsWith('--expression=') ? [a.value.slice(13)] : [];
  });
  if (!explicit && operands[0]) scripts.push(operands[0].value);
  const files = explicit ? operands : operands.slice(1);
  const verdicts: Verdict[] = [];
  const inPlace = opts.some((o) => /^-[a-zA-Z]*i/.test(o) || o.startsWith('--in-place'));
  if (inPlace) verdicts.push(...files.map((f) => j.write(f, 'edits')));
  if (inPlace) verdicts.push(...filesGivenLater(part, files, 'edits'));
  for (const script of scripts) {
    const commands = script === undefined ? undefined : readSedScript(script);
    if (!commands) {
      verdicts.push(risky('runs a sed script that cannot be read with confidence'));
      continue;
    }
    for (const c of commands) {
      if (c.name === 'e' || (c.name === 's' && /^[^w]*e/.test(c.flags ?? ''))) {
        verdicts.push(risky('the sed script runs shell commands (e)'));
      }
      const file = c.name === 'w' || c.name === 'W' ? c.text : /w\s*(.+)$/.exec(c.flags ?? '')?.[1];
      if (file) verdicts.push(j.write(literal(file.trim()), 'writes'));
      const read = /^[rR]$/.test(c.name) && c.text ? j.read(literal(c.text)) : undefined;
      if (read) verdicts.push(read);
    }
  }
  if (opts.includes('-f') || values.has('--file'))
    verdicts.push(workspace('runs a sed script file'));
  const base = inPlace ? workspace('edits files in place') : readOnly('reads and filters text');
  return worst(verdicts, base);
}

export const FILE_HANDLERS: Record<string, Handler> = {
  rm: (p, j) => remove(p, j),
  rmdir: (p, j) => remove(p, j, 'removes', 'directories'),
  unlink: (p, j) => remove(p, j),
  srm: shred,
  shred,
  wipe: shred,
  trash: (p, j) => remove(p, j, 'moves', 'files to the trash'),
  'trash-put': (p, j) => remove(p, j, 'moves', 'files to the trash'),
  cp: copyLike('copies to', false),
  mv: copyLike('moves to', true),
  install: copyLike('installs to', false),
  ln: link,
  tee: writesOperands('writes'),
  touch: writesOperands('creates', ['-r', '-d', '-t', '--reference', '--date']),
  mkdir: writesOperands('creates', ['-m', '--mode']),
  truncate: writesOperands('truncates', ['-s', '--size', '-r', '--reference']),
  sponge: writesOperands('writes'),
  rename,
  prename: rename,
  'perl-rename': rename,
  mkfifo: writesOperands('creates', ['-m', '--mode']),
  mknod: (p, j) => j.write(splitArgs(p.argv, ['-m', '--mode']).operands[0] ?? dot(), 'creates'),
  rsync,
  dd,
  chmod: permissions('chmod'),
  chown: permissions('chown'),
  chgrp: permissions('chown'),
  sed,
  ...Object.fromEntries(
    `mkfs mke2fs mkswap mkdosfs mkntfs wipefs fdisk sfdisk cfdisk gdisk sgdisk parted blkdiscard
    badblocks hdparm pvcreate vgcreate lvcreate lvremove cryptsetup zpool`
      .split(/\s+/)
      .map((n) => [n, disk]),
  ),
};

/** Handler for `mkfs.ext4` and friends. */
export function fileHandler(name: string): Handler | undefined {
  return own(FILE_HANDLERS, name) ?? (/^mkfs\./.test(name) ? disk : undefined);
}
