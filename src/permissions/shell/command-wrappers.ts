import path from 'node:path';
import type { Arg } from './expand-word';

/** A program that runs another program given as its arguments (`sudo rm`, `timeout 5 rm`). */
export interface WrapperSpec {
  /** Options that take the next word as their value. */
  valueOpts?: string[];
  /** Words between the options and the command (timeout's duration, chroot's root). */
  positional?: number;
  /** Stripped when matching rules, as Claude Code does (timeout, nice, nohup, ...). */
  safe?: boolean;
  /** Runs the command with other privileges. */
  privileged?: boolean;
  /** Options after which the rest is not a command (`command -v rm`, `sudo -l`). */
  lookupOpts?: string[];
  /** Options whose value is a file the wrapper itself writes (`time -o FILE`). */
  writes?: string[];
}

export const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: {
    valueOpts: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group'],
    privileged: true,
    lookupOpts: ['-l', '--list', '-v', '--validate', '-k', '-K', '-V', '--version', '--help'],
  },
  doas: { valueOpts: ['-u', '-C'], privileged: true },
  pkexec: { valueOpts: ['--user'], privileged: true },
  runuser: {
    valueOpts: ['-u', '-g', '-G', '--user', '--group', '-s', '--shell'],
    privileged: true,
  },
  chroot: { valueOpts: ['--userspec', '--groups'], positional: 1, privileged: true },
  nice: { valueOpts: ['-n', '--adjustment'], safe: true },
  ionice: { valueOpts: ['-c', '-n', '-p', '-P', '-u', '--class', '--classdata'], safe: true },
  timeout: { valueOpts: ['-s', '-k', '--signal', '--kill-after'], positional: 1, safe: true },
  stdbuf: { valueOpts: ['-i', '-o', '-e', '--input', '--output', '--error'], safe: true },
  nohup: { safe: true },
  time: { valueOpts: ['-o', '--output', '-f', '--format'], safe: true, writes: ['-o', '--output'] },
  command: { safe: true, lookupOpts: ['-v', '-V'] },
  builtin: { safe: true },
  exec: { valueOpts: ['-a'], safe: true },
  noglob: { safe: true },
  nocorrect: { safe: true },
  setsid: { safe: true },
  unbuffer: { safe: true },
  caffeinate: { valueOpts: ['-t', '-w'], safe: true },
  taskset: { positional: 1, lookupOpts: ['-p', '--pid'] },
  busybox: {},
  catchsegv: {},
  valgrind: {},
  strace: {
    valueOpts: ['-o', '-e', '-p', '-s', '-u', '-E', '-P', '-a', '-I', '-b', '-X', '-O', '-S'],
    writes: ['-o'],
  },
  ltrace: {
    valueOpts: ['-o', '-e', '-p', '-s', '-u', '-n', '-a', '-A', '-D', '-F', '-l'],
    writes: ['-o'],
  },
};

export const SHELLS = new Set([
  'bash',
  'sh',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'yash',
  'fish',
  'rbash',
  'tcsh',
  'csh',
]);

/** Programs that fetch data from the network. */
export const FETCHERS = new Set([
  'curl',
  'wget',
  'fetch',
  'http',
  'https',
  'xh',
  'aria2c',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'ssh',
  'lwp-request',
  'lynx',
  'w3m',
]);

export const AWKS = new Set(['awk', 'gawk', 'mawk', 'nawk']);

const SYSTEM_DIRS = new Set([
  '/bin',
  '/sbin',
  '/usr/bin',
  '/usr/sbin',
  '/usr/local/bin',
  '/usr/local/sbin',
  '/opt/homebrew/bin',
  '/snap/bin',
  '/usr/gnu/bin',
]);

/** `rm`, `\rm`, `/bin/rm` -> rm; `./rm` stays qualified (a program of the workspace). */
export function programName(program: string): { name: string; qualified: boolean } {
  if (!program.includes('/')) return { name: program, qualified: false };
  const dir = path.posix.dirname(path.posix.normalize(program));
  return { name: path.posix.basename(program), qualified: !SYSTEM_DIRS.has(dir) };
}

export type CommandStart =
  | { kind: 'command'; index: number }
  /** The wrapper runs nothing further: alone, or a lookup such as `command -v`. */
  | { kind: 'self' }
  /** An option is only known at run time. */
  | { kind: 'unknown' };

/** Where the wrapped command starts in `args` (args[0] is the wrapper). */
export function wrappedCommandStart(args: Arg[], spec: WrapperSpec): CommandStart {
  let i = 1;
  while (i < args.length) {
    const a = args[i].value;
    if (a === undefined) return { kind: 'unknown' };
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    if (spec.lookupOpts?.includes(a)) return { kind: 'self' };
    i += spec.valueOpts?.includes(a) ? 2 : 1;
  }
  for (let p = 0; p < (spec.positional ?? 0); p++) {
    if (i < args.length && args[i].value === undefined) return { kind: 'unknown' };
    i++;
  }
  return i < args.length ? { kind: 'command', index: i } : { kind: 'self' };
}

export type ShellInvocation =
  | { kind: 'script'; script: Arg }
  | { kind: 'file'; file: Arg }
  | { kind: 'stdin' }
  | { kind: 'unknown' };

/** What a shell is asked to run: `-c SCRIPT`, a script file, or its stdin. */
export function shellInvocation(args: Arg[]): ShellInvocation {
  let i = 1;
  let hasC = false;
  let fromStdin = false;
  while (i < args.length) {
    const a = args[i].value;
    if (a === undefined) break;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (/^[-+][A-Za-z]+$/.test(a)) {
      if (a[0] === '-' && a.includes('c')) hasC = true;
      // `-s`: the script comes from standard input; the words after are its arguments.
      if (a[0] === '-' && a.includes('s')) fromStdin = true;
      i += /[oO]/.test(a) ? 2 : 1;
    } else if (a.startsWith('--')) {
      if (a === '--command') hasC = true;
      i += a === '--rcfile' || a === '--init-file' ? 2 : 1;
    } else break;
  }
  if (hasC) return i < args.length ? { kind: 'script', script: args[i] } : { kind: 'unknown' };
  if (fromStdin || i >= args.length || /^\/dev\/(stdin|fd\/0)$/.test(args[i].value ?? '')) {
    return { kind: 'stdin' };
  }
  return { kind: 'file', file: args[i] };
}

/** The value of `-c X`, `--command X` or `--command=X` (su, runuser, flock). */
export function commandOption(args: Arg[]): Arg | undefined {
  for (let i = 1; i < args.length; i++) {
    const a = args[i].value;
    if (a === '-c' || a === '--command')
      return args[i + 1] ?? { value: undefined, glob: false, raw: '' };
    if (a?.startsWith('--command=')) return { ...args[i], value: a.slice('--command='.length) };
  }
  return undefined;
}

/** Commands an awk program runs: `system("...")`, `print | "..."`, `"..." | getline`. */
export function awkCommands(program: string): { scripts: string[]; dynamic: boolean } {
  const scripts: string[] = [];
  const literal = /(?:system\s*\(\s*|\|\s*)"((?:[^"\\]|\\.)*)"|"((?:[^"\\]|\\.)*)"\s*\|\s*getline/g;
  for (const m of program.matchAll(literal)) {
    scripts.push((m[1] ?? m[2]).replace(/\\(.)/g, '$1'));
  }
  const withoutLiterals = program.replace(literal, '');
  const dynamic =
    // gawk's indirect calls (`@fn(...)`) may name system().
    /system\s*\(|\|\s*getline\b|\|&|@[A-Za-z_]\w*\s*\(/.test(withoutLiterals) ||
    /\bprintf?\b[^;{}]*(?<!\|)\|(?!\|)/.test(withoutLiterals);
  return { scripts, dynamic };
}

/** The first argument that is not an option of awk (`-F`, `-v`, `-f` take values). */
export function awkProgram(args: Arg[]): { program?: Arg; fromFile: boolean } {
  for (let i = 1; i < args.length; i++) {
    const a = args[i].value ?? '';
    if (a === '-f' || a.startsWith('--file')) return { fromFile: true };
    if (a === '-F' || a === '-v' || a === '--assign' || a === '--field-separator') i++;
    else if (a === '--') return { program: args[i + 1], fromFile: false };
    else if (!a.startsWith('-') || a === '-') return { program: args[i], fromFile: false };
  }
  return { fromFile: false };
}

/**
 * Tools that run another command in a project environment: `uv run pytest`, `poetry run X`,
 * `bundle exec rspec`, `npx eslint .`. The inner command is judged as itself, with the
 * runner recorded as its wrapper. `fetches`: the runner downloads the command from a
 * package registry when the project does not have it (npx, uvx, pipx run...).
 */
export interface RunnerSpec {
  /** The subcommand that runs (`run` of `uv run`); none for npx-style runners. */
  sub?: string;
  /** Options before the command that take a value. */
  valueOpts?: string[];
  /** Words between the options and the command (`rustup run TOOLCHAIN cmd`). */
  positional?: number;
  fetches?: boolean;
  /** `-c 'cmd'` gives it a shell string instead (npx, npm exec): then it is not unwrapped. */
  shellOption?: boolean;
}

const PY_RUN_OPTS = [
  '--with',
  '--with-requirements',
  '--with-editable',
  '--python',
  '-p',
  '--extra',
  '--group',
  '--package',
  '--directory',
  '--project',
  '--env-file',
  '--index',
  '--index-url',
  '--extra-index-url',
  '--from',
  '-e',
  '--environment',
  '-n',
  '--name',
];
const NPX_OPTS = ['-p', '--package', '--registry', '--cache', '-w', '--workspace', '--userconfig'];

export const RUNNERS: Record<string, RunnerSpec> = {
  npx: { valueOpts: NPX_OPTS, fetches: true, shellOption: true },
  bunx: { valueOpts: NPX_OPTS, fetches: true },
  pnpx: { valueOpts: NPX_OPTS, fetches: true, shellOption: true },
  uvx: { valueOpts: PY_RUN_OPTS, fetches: true },
  'npm exec': { sub: 'exec', valueOpts: NPX_OPTS, fetches: true, shellOption: true },
  'pnpm dlx': { sub: 'dlx', valueOpts: NPX_OPTS, fetches: true },
  'yarn dlx': { sub: 'dlx', valueOpts: NPX_OPTS, fetches: true },
  'bun x': { sub: 'x', valueOpts: NPX_OPTS, fetches: true },
  'pipx run': { sub: 'run', valueOpts: PY_RUN_OPTS, fetches: true },
  'pnpm exec': { sub: 'exec', valueOpts: NPX_OPTS },
  'yarn exec': { sub: 'exec', valueOpts: NPX_OPTS },
  'uv run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'poetry run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'pipenv run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'pdm run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'hatch run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'conda run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'mamba run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'micromamba run': { sub: 'run', valueOpts: PY_RUN_OPTS },
  'bundle exec': { sub: 'exec', valueOpts: ['--gemfile'] },
  'rustup run': { sub: 'run', positional: 1 },
};

/** Where a runner's inner command starts (`uv run --with x pytest -q` -> index of pytest). */
export function runnerCommand(
  args: Arg[],
): { runner: string; spec: RunnerSpec; index: number } | undefined {
  const head = programName(args[0]?.value ?? '').name;
  const sub = args[1]?.value;
  const key = RUNNERS[head]
    ? head
    : sub !== undefined && RUNNERS[`${head} ${sub}`]
      ? `${head} ${sub}`
      : undefined;
  if (key === undefined || !Object.hasOwn(RUNNERS, key)) return undefined;
  const spec = RUNNERS[key];
  // `npx -c 'cmd'`, `npm exec --call`: a shell string, judged by the tool's own table.
  if (spec.shellOption && args.some((a) => a.value === '-c' || a.value?.startsWith('--call'))) {
    return undefined;
  }
  const start = wrappedCommandStart(spec.sub ? args.slice(1) : args, {
    valueOpts: spec.valueOpts,
    positional: spec.positional,
  });
  if (start.kind !== 'command') return undefined;
  return { runner: key, spec, index: start.index + (spec.sub ? 1 : 0) };
}

/** The runner among `wrappers` that may download the command it runs (`npx`, `uvx`). */
export function fetchingRunner(wrappers: readonly string[]): string | undefined {
  return wrappers.find((w) => Object.hasOwn(RUNNERS, w) && RUNNERS[w].fetches);
}
