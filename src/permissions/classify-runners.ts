import { hasFlag, splitArgs } from './cli-args';
import { cliVerbVerdict } from './classify-cli-verbs';
import type { Handler } from './classify-files';
import type { PathJudge } from './path-judge';
import { risky, workspace, worst, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';
import { FETCHERS } from './shell/command-wrappers';
import { own } from './shell/own-key';

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

const CODE_OPTIONS = /^-(c|e|E|r|p|-eval|-print)$/;

/** python, node, ruby, perl, php...: downloaded code, inline code's effects, in-place edits. */
export function interpreter(part: CommandPart, j: PathJudge): Verdict {
  const { operands, opts } = splitArgs(part.argv, [
    '-m',
    '-c',
    '-e',
    '--eval',
    '-r',
    '-E',
    '-W',
    '-X',
    '-p',
    '--print',
  ]);
  const fetcher = part.upstream.find((p) => FETCHERS.has(p.name));
  const readsStdin = operands.length === 0 || operands[0].value === '-';
  if (part.stdin === 'pipe' && fetcher && readsStdin) {
    return risky(`runs downloaded code (${fetcher.name} | ${part.name})`);
  }
  if (part.argv.some((a) => a.procsub) && part.subPrograms.some((n) => FETCHERS.has(n))) {
    return risky(`runs downloaded code (${part.name} <(...))`);
  }
  const verdicts: Verdict[] = [];
  const inline = part.argv.some((a, i) => i > 0 && CODE_OPTIONS.test(a.value ?? ''));
  // perl -pi -e 's/a/b/' f.txt, ruby -i -pe ...: the files after the code are edited.
  const inPlace =
    (part.name === 'perl' || part.name === 'ruby') &&
    opts.some((o) => /^-[a-zA-Z]*i/.test(o) && !o.startsWith('--'));
  if (inPlace) verdicts.push(...operands.map((f) => j.write(f, 'edits')));
  if (!inline && !part.code && operands[0]) {
    // `python manage.py flush`, `node cli.js delete`: the script's own subcommand.
    const verb = cliVerbVerdict(
      part,
      [operands[0], ...part.argv.slice(part.argv.indexOf(operands[0]) + 1)],
      {
        operands: 1,
      },
    );
    if (verb) verdicts.push(verb);
  }
  const base = part.code || inline ? `runs ${part.name} code` : `runs ${part.name}`;
  return worst(verdicts, workspace(base));
}

/** `java -jar tool.jar delete-job x`, `java Main publish`: the program's own subcommand. */
export function java(part: CommandPart): Verdict {
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
  return verb ?? workspace('runs java');
}

/** Options of build tools whose value is a separate word (profiles, files, directories). */
const BUILD_VALUE_OPTS: Record<string, string[]> = {
  mvn: ['-P', '-pl', '-f', '-s', '-gs', '-T', '-rf', '-t', '-l', '-b'],
  gradle: ['-p', '-b', '-c', '-g', '-I', '-x', '--exclude-task', '-D', '-P'],
  make: ['-C', '-f', '-I', '-o', '-W', '-j', '-l', '--file', '--directory'],
  sbt: [],
  rake: ['-f', '-C', '-I', '-r'],
};

/**
 * Build tools and task runners: building and testing is workspace work, but goals that
 * publish or destroy (`mvn deploy`, `gradle publish`, `make deploy`, `rake db:drop`) are risky.
 */
export function buildTool(family: string): Handler {
  return (part) => {
    if (hasFlag(splitArgs(part.argv).opts, '', '--dry-run', '--just-print', '--recon')) {
      return workspace(`runs ${part.name} (dry run)`);
    }
    const verb = cliVerbVerdict(part, part.argv, {
      operands: 8,
      valueOpts: own(BUILD_VALUE_OPTS, family) ?? [],
    });
    return verb ?? workspace(`runs ${part.name}`);
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
      ['just', 'make'],
      ['task', 'make'],
      ['rake', 'rake'],
      ['invoke', 'rake'],
    ].map(([name, family]) => [name, buildTool(family)]),
  ),
};
