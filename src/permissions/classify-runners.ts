import { existsSync } from 'node:fs';
import path from 'node:path';
import { hasFlag, splitArgs } from './cli-args';
import { cliVerbVerdict } from './classify-cli-verbs';
import type { Handler } from './classify-files';
import { toolArgsVerdict } from './classify-tool-args';
import type { PathJudge } from './path-judge';
import { isInsideRoots, trustedCodeLocation } from './paths';
import { notUnderstood, risky, workspace, worst, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';
import { FETCHERS } from './shell/command-wrappers';
import { interpreterSpec } from './shell/interpreters';
import { own } from './shell/own-key';
import { installs } from './tool-spec';

const lit = (value: string): Arg => ({ value, glob: false, raw: value });

/** What inline interpreter code deletes and writes, judged like the same shell commands. */
export function codeVerdicts(part: CommandPart, j: PathJudge): Verdict[] {
  const code = part.code;
  if (!code) return [];
  const where = `in ${part.name} code`;
  const out: Verdict[] = [];
  for (const d of code.deletes) {
    out.push(
      d.path === undefined
        ? risky(`deletes files (${d.call} ${where})`)
        : j.remove(lit(d.path), d.recursive, 'deletes', `files (${d.call} ${where})`),
    );
  }
  for (const r of code.reads) {
    const secret = r.path === undefined ? undefined : j.read(lit(r.path));
    if (secret) out.push(secret);
  }
  for (const w of code.writes) {
    out.push(
      w.path === undefined
        ? risky(`writes a file only known at run time (${w.call} ${where})`)
        : j.write(lit(w.path), 'writes'),
    );
  }
  return out;
}

/**
 * A program or script a command runs, by where it lives: the workspace's own code is
 * workspace work; the home folder's or the system's is not understood (tick cannot see
 * what it does); anywhere else (`/tmp`, `/dev/shm`) it is foreign code.
 */
export function codeLocationVerdict(file: Arg, what: string, j: PathJudge): Verdict {
  const abs = j.real(file);
  if (abs === undefined) return notUnderstood(`${what} ${file.raw}, only known at run time`);
  if (isInsideRoots(abs, j.roots)) return workspace(`${what} ${j.show(abs)}`);
  if (trustedCodeLocation(abs, j.roots, j.homeDir)) {
    return notUnderstood(`${what} ${j.show(abs)}, which is outside the workspace`);
  }
  return risky(`${what} ${j.show(abs)}, from outside the workspace and the system`);
}

/** The options whose value is program text, by interpreter. */
const CODE_OPTIONS: Record<string, RegExp> = {
  python: /^-c$/,
  node: /^(-e|-p|--eval|--print)$/,
  ruby: /^-e$/,
  perl: /^-[a-zA-Z]*[eE]$/,
  php: /^-[rR]$/,
  lua: /^-e$/,
  Rscript: /^-e$/,
  julia: /^(-e|-E|--eval|--print)$/,
  elixir: /^(-e|--eval)$/,
};
const NO_CODE = /^$/;

/** Options that take a value (so it is not read as the script), beyond those the walker knows. */
const VALUE_OPTIONS: Record<string, string[]> = {
  lua: ['-e', '-l'],
  Rscript: ['-e'],
  julia: ['-e', '-E', '-L', '--project', '-t', '--threads'],
  elixir: ['-e', '-r', '-S', '--eval'],
};

/** The options of interpreter `name` that take a value, code options included. */
function valueOptions(name: string, kind: string): string[] {
  const spec = interpreterSpec(name);
  return spec ? [...spec.code, ...spec.values] : (own(VALUE_OPTIONS, kind) ?? []);
}

function family(name: string): string {
  if (/^(python|pypy)(\d+(\.\d+)*)?$/.test(name)) return 'python';
  if (name === 'nodejs') return 'node';
  if (/^lua(jit|\d[\d.]*)?$/.test(name)) return 'lua';
  return name;
}

/** Libraries an interpreter may load with `-r`/`-M` and still be understood. */
const SAFE_LIBRARIES = new Set(
  'json yaml set date time securerandom digest base64 pp strict warnings Data::Dumper List::Util JSON::PP'.split(
    ' ',
  ),
);

/** `ruby -run -e httpd`, `perl -MIO::Socket::INET -e …`: a library loaded before the code. */
function loadedLibrary(kind: string, args: readonly Arg[]): string | undefined {
  const flag = kind === 'ruby' ? /^-r(.*)$/ : kind === 'perl' ? /^-[Mm]-?([^=]*)/ : undefined;
  if (!flag) return undefined;
  for (let i = 0; i < args.length; i++) {
    const m = flag.exec(args[i].value ?? '');
    if (!m) continue;
    const name = m[1] || (args[i + 1]?.value ?? '');
    if (!SAFE_LIBRARIES.has(name)) return name;
  }
  return undefined;
}

/** Python modules run with `-m` that are workspace work (tests, linters, builds, servers). */
const PYTHON_WORK_MODULES = new Set(
  `pytest unittest doctest mypy black ruff isort flake8 pylint coverage tox nox build venv
  virtualenv json.tool compileall py_compile pydoc timeit cProfile profile sphinx mkdocs
  pre_commit setuptools_scm pip_audit bandit uvicorn gunicorn flask django celery alembic
  pyright pycodestyle pydocstyle autopep8 yapf nuitka PyInstaller grpc_tools.protoc
  jupyter nbconvert maturin hatchling twine.check tabnanny trace`
    .split(/\s+/)
    .filter(Boolean),
);

/** `python -m X`: pip is judged as pip; known tools and the workspace's own modules run. */
function pythonModule(module: string, part: CommandPart, j: PathJudge, rest: Arg[]): Verdict {
  if (module === 'pip' || module === 'ensurepip' || module === 'pipx') {
    const sub = rest.find((a) => !(a.value ?? '').startsWith('-'))?.value;
    return ['list', 'show', 'freeze', 'check', '--version', 'help'].includes(sub ?? '')
      ? workspace(`runs python -m ${module} ${sub}`)
      : installs(`python -m ${module} ${sub ?? ''}`.trim());
  }
  if (module === 'twine' || module.startsWith('twine.'))
    return risky('publishes a package (twine)');
  if (PYTHON_WORK_MODULES.has(module)) return workspace(`runs python -m ${module}`);
  const top = module.split('.')[0];
  const cwd = part.cwd;
  const own =
    cwd !== undefined &&
    ['', 'src'].some(
      (dir) => existsSync(path.join(cwd, dir, top)) || existsSync(path.join(cwd, dir, `${top}.py`)),
    );
  return own
    ? workspace(`runs the workspace's module ${module}`)
    : notUnderstood(`runs the python module ${module}, which tick does not know`);
}

/**
 * python, node, ruby, perl, php, lua...: a script of the workspace is workspace work; inline
 * code is read for what it deletes, writes and starts, and runs in the sandbox unless tick
 * understands all of it; downloaded code is risky.
 */
export function interpreter(part: CommandPart, j: PathJudge): Verdict {
  const kind = family(part.name);
  const { operands, opts, values } = splitArgs(part.argv, valueOptions(part.name, kind));
  const fetcher = part.upstream.find((p) => FETCHERS.has(p.name));
  const readsStdin = operands.length === 0 || operands[0].value === '-';
  if (part.stdin === 'pipe' && fetcher && readsStdin) {
    return risky(`runs downloaded code (${fetcher.name} | ${part.name})`);
  }
  if (part.subPrograms.some((n) => FETCHERS.has(n))) {
    return risky(`runs downloaded code (${part.name} with fetched input)`);
  }
  const verdicts: Verdict[] = [];
  // perl -pi -e 's/a/b/' f.txt, ruby -i -pe ...: the files after the code are edited.
  const inPlace =
    (kind === 'perl' || kind === 'ruby') &&
    opts.some((o) => /^-[a-zA-Z]*i/.test(o) && !o.startsWith('--'));
  if (inPlace) verdicts.push(...operands.map((f) => j.write(f, 'edits')));
  const code = own(CODE_OPTIONS, kind) ?? NO_CODE;
  // The interpreter's own options come before the script; the rest are the script's.
  const scriptAt = operands[0] ? part.argv.indexOf(operands[0]) : part.argv.length;
  const ownArgs = part.argv.slice(1, scriptAt);
  const inline = ownArgs.some((a) => code.test(a.value ?? ''));
  // No path outside, nothing that runs other code; the program text is read elsewhere.
  const ownOptions = ownArgs.filter(
    (a, i, all) => !code.test(a.value ?? '') && !code.test(all[i - 1]?.value ?? ''),
  );
  const options = toolArgsVerdict(part, j, { args: ownOptions });
  if (options) verdicts.push(options);
  const module = kind === 'python' ? values.get('-m') : undefined;
  const library = loadedLibrary(kind, ownArgs);
  let base: Verdict;
  if (library) {
    base = notUnderstood(`loads the library ${library} into ${part.name}`);
  } else if (kind === 'php' && values.has('-S')) {
    base = notUnderstood('serves the folder over the network (php -S)');
  } else if (part.code) {
    base = part.code.understood
      ? workspace(`runs ${part.name} code that only computes and prints`)
      : notUnderstood(
          `runs ${part.name} code tick cannot follow (${part.code.unclear ?? 'in full'})`,
        );
  } else if (inline) {
    base = notUnderstood(`runs ${part.name} code only known at run time`);
  } else if (module?.value !== undefined) {
    base = pythonModule(module.value, part, j, operands);
  } else if (operands[0] && operands[0].value !== '-') {
    const script = operands[0];
    base = codeLocationVerdict(script, 'runs', j);
    // `python manage.py flush`, `node cli.js delete`: the script's own subcommand; and
    // `python scripts/publish-crates.py`: what the script's own name says it does.
    const named = lit(path.basename(script.value ?? '').replace(/\.\w+$/, ''));
    const verb =
      cliVerbVerdict(part, [script, ...part.argv.slice(part.argv.indexOf(script) + 1)], {
        operands: 1,
      }) ?? cliVerbVerdict(part, [named, named], { operands: 1 });
    if (verb) verdicts.push(verb);
    // `python setup.py install` / `develop`: installs the package into the environment.
    const next = part.argv[part.argv.indexOf(script) + 1]?.value;
    if (named.value === 'setup' && /^(install|develop)$/.test(next ?? '')) {
      verdicts.push(installs(`setup.py ${next}`));
    }
  } else if (kind === 'node' && opts.some((o) => /^--(test|check|run)(=|$)/.test(o))) {
    // `node --test`: the workspace's tests; `node --run build`: a package script.
    base = workspace(`runs ${part.name} ${opts.find((o) => /^--(test|check|run)/.test(o))}`);
  } else if (part.stdin === 'pipe' || part.stdin === 'file') {
    base = notUnderstood(`runs code ${part.name} reads from its input`);
  } else {
    base = notUnderstood(`starts ${part.name} without a script`);
  }
  return worst(verdicts, base);
}

/** `java -jar tool.jar delete-job x`, `java Main publish`: the program's own subcommand. */
export function java(part: CommandPart, j: PathJudge): Verdict {
  const { operands, values } = splitArgs(part.argv, [
    '-cp',
    '-classpath',
    '--class-path',
    '-jar',
    '-p',
    '--module-path',
    '-m',
    '--module',
  ]);
  const args = values.has('-jar') ? operands : operands.slice(1);
  const verb = cliVerbVerdict(part, [lit('java'), ...args], { operands: 1 });
  const jar = values.get('-jar');
  const base = jar ? codeLocationVerdict(jar, 'runs', j) : workspace('runs java');
  return verb ?? toolArgsVerdict(part, j) ?? base;
}

/** Options of build tools whose value is a separate word (profiles, files, directories). */
const BUILD_VALUE_OPTS: Record<string, string[]> = {
  mvn: ['-P', '-pl', '-f', '-s', '-gs', '-T', '-rf', '-t', '-l', '-b'],
  gradle: ['-p', '-b', '-c', '-g', '-I', '-x', '--exclude-task', '-D', '-P'],
  make: ['-C', '-f', '-I', '-o', '-W', '-j', '-l', '--file', '--directory'],
  sbt: [],
  rake: ['-f', '-C', '-I', '-r'],
};

/** A target or goal that installs outside the workspace (`make install`, `ninja install`). */
const INSTALL_TARGET = /^(install|install-\w+|.*:install)$/;

/**
 * Build tools and task runners: building and testing is workspace work, but goals that
 * publish or destroy (`mvn deploy`, `gradle publish`, `make deploy`, `rake db:drop`) are
 * risky, `make install` installs, and `make --eval`/`-E` or a path outside the roots is
 * not understood.
 */
export function buildTool(family: string): Handler {
  return (part, j) => {
    const valueOpts = own(BUILD_VALUE_OPTS, family) ?? [];
    const { opts, operands } = splitArgs(part.argv, valueOpts);
    if (hasFlag(opts, '', '--dry-run', '--just-print', '--recon')) {
      return workspace(`runs ${part.name} (dry run)`);
    }
    if (family === 'make' && opts.some((o) => o === '-E' || /^--eval/.test(o))) {
      return notUnderstood(`\`${part.name} --eval\` runs make code given on the command line`);
    }
    const verb = cliVerbVerdict(part, part.argv, { operands: 8, valueOpts });
    if (verb) return verb;
    const target = operands.find((o) => o.value !== undefined && INSTALL_TARGET.test(o.value));
    if (target && family !== 'mvn') return installs(`${part.name} ${target.value}`);
    return toolArgsVerdict(part, j) ?? workspace(`runs ${part.name}`);
  };
}

export const RUNNER_HANDLERS: Record<string, Handler> = {
  java,
  ...Object.fromEntries(
    [
      ['mvn', 'mvn'],
      ['mvnw', 'mvn'],
      ['gradle', 'gradle'],
      ['gradlew', 'gradle'],
      ['sbt', 'sbt'],
      ['lein', 'sbt'],
      ['ant', 'sbt'],
      ['make', 'make'],
      ['gmake', 'make'],
      ['ninja', 'make'],
      ['just', 'make'],
      ['task', 'make'],
      ['rake', 'rake'],
      ['invoke', 'rake'],
    ].map(([name, family]) => [name, buildTool(family)]),
  ),
};
