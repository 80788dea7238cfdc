import { findCalls, listIn, literalOf, type CodeArg, type CodeCall } from './code-calls';
import { lexCode, type CodeLanguage, type LexedCode } from './code-lexer';
import { notUnderstoodIn } from './code-understanding';
import { own } from './own-key';

/** A file the code deletes or writes: its path when written as a literal. */
export interface CodePath {
  path: string | undefined;
  /** The call, for messages: `shutil.rmtree`. */
  call: string;
  recursive: boolean;
}

/** A program the code starts: a shell command line, an argument vector, or unknown. */
export type CodeSpawn =
  | { kind: 'line'; text: string; call: string }
  | { kind: 'argv'; argv: (string | undefined)[]; call: string }
  | { kind: 'unknown'; call: string };

/** What inline interpreter code does to the world, as far as its text shows. */
export interface CodeEffects {
  language: CodeLanguage;
  deletes: CodePath[];
  writes: CodePath[];
  /** Files it reads by a literal name (secrets matter: `open('.env')`). */
  reads: CodePath[];
  spawns: CodeSpawn[];
  /**
   * Every call and import in the code is one tick knows to only compute, read and print
   * (`print(len(sys.argv))`, `JSON.parse(...)`): it may run unconfined. Otherwise the code
   * runs in the sandbox (or is asked) even when nothing in it looks harmful.
   */
  understood: boolean;
  /** When not understood: the first thing tick does not follow (`socket.socket`). */
  unclear?: string;
}

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Calls that start a program whatever they are called on. */
const SPAWNS = words(`system popen popen2 popen3 popen4 execSync execFileSync execFile spawnSync
  spawn shell_exec passthru proc_open getoutput getstatusoutput check_output check_call Popen
  capture2 capture2e capture3 pipeline_r spawnl spawnle spawnlp spawnlpe spawnv spawnve spawnvp
  spawnvpe execl execle execlp execlpe execv execve execvp execvpe startfile`);

/** Names that start a program only on these objects (`subprocess.run`, not any `run`). */
const SPAWNS_ON: Record<string, RegExp> = {
  run: /^(subprocess|Deno)$/,
  call: /^subprocess$/,
  Command: /^Deno$/,
  sh: /^$/,
};

const DELETES_RECURSIVE = words(`rmtree rm_rf rm_r remove_dir remove_entry remove_entry_secure
  remove_tree removedirs rimraf emptyDir emptyDirSync rmtree_p`);
const DELETES = words('unlink unlinkSync rmdir rmdirSync rm_f safe_unlink deleteSync rmSync');
const DELETES_ON: Record<string, RegExp> = {
  remove: /^(os|fs|fse|fsExtra|Deno|File|FileUtils|fs\.promises|fsp)$/,
  rm: /^(fs|fse|fsp|fs\.promises|promises|FileUtils)$/,
  delete: /^(File|Files|FileUtils|Dir|Path)$/,
  removeSync: /^(fse|fs|fsExtra)$/,
};

/** Calls that write the file named by their first argument. */
const WRITES_FIRST = words(`writeFile writeFileSync appendFile appendFileSync createWriteStream
  file_put_contents outputFile outputFileSync writeJson writeJsonSync writeJSON writeJSONSync
  ensureFile ensureFileSync mkdirSync makedirs mkdir_p mkpath make_path truncateSync chmodSync
  chownSync writeTextFile writeTextFileSync mkdirp ensureDir ensureDirSync lchmod lchown`);
const WRITES_FIRST_ON: Record<string, RegExp> = {
  write: /^(File|IO|Bun|Deno|fs|fsp|fs\.promises)$/,
  binwrite: /^(File|IO)$/,
  mkdir: /^(os|fs|fsp|fs\.promises|Deno|FileUtils|Dir)$/,
  touch: /^(FileUtils)$/,
  truncate: /^(os|fs|File|fsp|fs\.promises)$/,
  chmod: /^(os|fs|File|FileUtils|Deno|fsp|fs\.promises|)$/,
  chown: /^(os|fs|File|FileUtils|Deno|fsp|fs\.promises|)$/,
};

/** Calls that write the file named by their second argument (copy, move, link). */
const WRITES_SECOND = words(`copyFile copyFileSync cpSync copy2 copyfile copytree renameSync
  symlinkSync linkSync ln_s ln_sf copySync moveSync rename`);
const WRITES_SECOND_ON: Record<string, RegExp> = {
  move: /^(shutil|FileUtils|fs|fse|fsExtra|File::Copy|)$/,
  mv: /^(FileUtils)$/,
  cp: /^(FileUtils|fs|fse|fsp|fs\.promises)$/,
  cp_r: /^(FileUtils)$/,
  copy: /^(shutil|FileUtils|fs|fse|File::Copy|)$/,
  replace: /^(os)$/,
  symlink: /^(os|fs|fsp|fs\.promises|File|FileUtils|)$/,
  link: /^(os|fs|fsp|fs\.promises)$/,
  install: /^(FileUtils)$/,
};
const MOVES = words('rename renameSync move mv moveSync replace');

/** `Path("x").unlink()`: methods on a path object. */
const RECEIVER_DELETES = words('unlink rmdir');
const RECEIVER_WRITES = words('write_text write_bytes touch mkdir chmod symlink_to hardlink_to');

/** Calls that read the file named by their first argument. */
const READS = words(`readFile readFileSync read_text read_bytes file_get_contents readlines
  readTextFile readTextFileSync createReadStream binread`);
const READS_ON: Record<string, RegExp> = { read: /^(File|IO|fs|fsp|fs\.promises|Deno)$/ };

/** Code that runs code: Python's exec/eval, JavaScript's eval and Function, Ruby/Perl/PHP eval. */
const EVALS = words('exec eval Function instance_eval class_eval');

const MAX_EVAL_DEPTH = 4;

/** Read what a piece of interpreter code deletes, writes and runs. */
export function codeEffects(code: string, language: CodeLanguage, depth = 0): CodeEffects {
  const lexed = lexCode(code, language);
  const effects: CodeEffects = {
    language,
    deletes: [],
    writes: [],
    reads: [],
    spawns: [],
    understood: false,
  };
  for (const lit of lexed.literals) {
    if (!lit.command) continue;
    effects.spawns.push(
      lit.value === undefined
        ? { kind: 'unknown', call: 'backticks' }
        : { kind: 'line', text: lit.value, call: 'backticks' },
    );
  }
  const calls = findCalls(lexed);
  // Calls whose effect on files is read above are understood; the rest must be known.
  const others = calls.filter((call) => !readCall(call, lexed, effects, depth));
  const unclear = notUnderstoodIn(lexed, calls, others);
  if (unclear === undefined && effects.spawns.length === 0) effects.understood = true;
  else effects.unclear = unclear ?? 'the programs it starts';
  return effects;
}

const on = (table: Record<string, RegExp>, call: CodeCall) =>
  own(table, call.name)?.test(call.object) ?? false;

function label(call: CodeCall): string {
  return call.object ? `${call.object}.${call.name}` : call.name;
}

function positional(call: CodeCall): CodeArg[] {
  return call.args.filter((a) => a.kind !== 'keyword');
}

/**
 * Records what one call does to files and programs. True when it is a file read, write or
 * delete tick recognises (its path is judged like the shell's); false for anything else.
 */
function readCall(call: CodeCall, code: LexedCode, fx: CodeEffects, depth: number): boolean {
  const args = positional(call);
  const name = label(call);
  // `Deno.removeSync`, `fs.writeTextFileSync`: judged as the call without Sync.
  const base = call.name.endsWith('Sync') ? { ...call, name: call.name.slice(0, -4) } : call;
  if (isSpawn(call, fx.language)) {
    fx.spawns.push(spawnOf(call, args, code));
    return false;
  }
  if (isEval(call, fx.language)) {
    const text = literalOf(args[args.length - 1]);
    if (text === undefined || depth >= MAX_EVAL_DEPTH) {
      fx.spawns.push({ kind: 'unknown', call: name });
    } else {
      const inner = codeEffects(text, fx.language, depth + 1);
      fx.deletes.push(...inner.deletes);
      fx.writes.push(...inner.writes);
      fx.reads.push(...inner.reads);
      fx.spawns.push(...inner.spawns);
    }
    return false;
  }
  if (READS.has(call.name) || on(READS_ON, call)) {
    fx.reads.push({ path: literalOf(args[0]), call: name, recursive: false });
    return true;
  }
  if (base !== call && (own(DELETES_ON, base.name) || own(WRITES_FIRST_ON, base.name))) {
    return readCall(base, code, fx, depth);
  }
  if (call.name === 'open' || call.name === 'fopen' || call.name === 'openSync') {
    openCall(call, args, fx);
    return true;
  }
  if (call.receiver && args.length === 0 && RECEIVER_DELETES.has(call.name)) {
    fx.deletes.push({ path: literalOf(call.receiver), call: name, recursive: false });
    return true;
  }
  if (call.receiver && RECEIVER_WRITES.has(call.name)) {
    fx.writes.push({ path: literalOf(call.receiver), call: name, recursive: false });
    return true;
  }
  const recursive = DELETES_RECURSIVE.has(call.name);
  if (recursive || DELETES.has(call.name) || on(DELETES_ON, call)) {
    const deep = recursive || call.args.some((a) => a.kind === 'other' && /recursive/.test(a.text));
    for (const path of pathsOf(args[0])) fx.deletes.push({ path, call: name, recursive: deep });
    return true;
  }
  if (WRITES_FIRST.has(call.name) || on(WRITES_FIRST_ON, call)) {
    if (args.length > 0) fx.writes.push({ path: literalOf(args[0]), call: name, recursive: false });
    return true;
  }
  if ((WRITES_SECOND.has(call.name) || on(WRITES_SECOND_ON, call)) && args.length >= 2) {
    fx.writes.push({ path: literalOf(args[1]), call: name, recursive: false });
    if (MOVES.has(call.name))
      fx.writes.push({ path: literalOf(args[0]), call: name, recursive: false });
    return true;
  }
  return false;
}

function pathsOf(arg: CodeArg | undefined): (string | undefined)[] {
  if (arg?.kind === 'list') return arg.items.length > 0 ? arg.items : [undefined];
  return [literalOf(arg)];
}

/** An eval of code in the same language (not a regex's exec, not Python's os.exec*). */
function isEval(call: CodeCall, language: CodeLanguage): boolean {
  if (!EVALS.has(call.name) || call.object !== '') return false;
  if (call.name === 'exec') return language === 'python';
  return true;
}

function isSpawn(call: CodeCall, language: CodeLanguage): boolean {
  if (SPAWNS.has(call.name)) return true;
  if (on(SPAWNS_ON, call)) return true;
  if (call.name === '$') return true;
  if (call.name !== 'exec') return false;
  // Python's exec() runs Python; JavaScript's regex.exec() matches text.
  if (language === 'python') return false;
  if (language === 'javascript') return /^(child_process|cp|childProcess|)$/.test(call.object);
  return call.object === '' || call.object === 'Kernel' || call.object === 'Process';
}

function spawnOf(call: CodeCall, args: CodeArg[], code: LexedCode): CodeSpawn {
  const name = label(call);
  const [first, second] = args;
  const list = listIn(first, code);
  if (first?.kind === 'lit' && first.lit.value !== undefined) {
    const rest = listIn(second, code);
    if (rest) return { kind: 'argv', argv: [first.lit.value, ...rest], call: name };
    const more = args.slice(1).map(literalOf);
    if (more.length > 0 && args.slice(1).every((a) => a.kind === 'lit')) {
      return { kind: 'argv', argv: [first.lit.value, ...more], call: name };
    }
    return { kind: 'line', text: first.lit.value, call: name };
  }
  if (list && list.length > 0) return { kind: 'argv', argv: list, call: name };
  return { kind: 'unknown', call: name };
}

/** open(): a write when its mode says so; Perl's pipe opens run a command. */
function openCall(call: CodeCall, args: CodeArg[], fx: CodeEffects): void {
  const name = label(call);
  const modeArg = call.args.find((a) => a.kind === 'keyword' && /^(mode|flags)$/.test(a.key));
  if (fx.language === 'perl') {
    const second = literalOf(args[1]);
    if (args.length >= 3) {
      const mode = second?.trim() ?? '';
      if (/^(-\||\|-)$/.test(mode)) {
        fx.spawns.push(spawnOfWords(args.slice(2).map(literalOf), name));
      } else if (/^\+?(>|>>)|^\+</.test(mode)) {
        fx.writes.push({ path: literalOf(args[2]), call: name, recursive: false });
      }
      return;
    }
    if (second === undefined) return;
    const pipe = /^\s*\|(.*)$|^(.*)\|\s*$/s.exec(second);
    if (pipe) fx.spawns.push({ kind: 'line', text: (pipe[1] ?? pipe[2]).trim(), call: name });
    else if (/^\s*(\+?>|\+<)/.test(second)) {
      fx.writes.push({ path: second.replace(/^\s*\+?[<>]+\s*/, ''), call: name, recursive: false });
    }
    return;
  }
  const mode = modeArg?.kind === 'keyword' ? literalOf(modeArg.value) : literalOf(args[1]);
  const target = { path: literalOf(args[0]), call: name, recursive: false };
  if (mode !== undefined && /[wax+]/.test(mode)) fx.writes.push(target);
  else fx.reads.push(target);
}

function spawnOfWords(argv: (string | undefined)[], call: string): CodeSpawn {
  if (argv.length === 0 || argv.some((a) => a === undefined)) return { kind: 'unknown', call };
  return argv.length === 1 ? { kind: 'line', text: argv[0]!, call } : { kind: 'argv', argv, call };
}
