import { splitArgs } from './cli-args';
import { awkVerdict } from './classify-awk';
import type { Handler } from './classify-files';
import { codeLocationVerdict } from './classify-runners';
import type { PathJudge } from './path-judge';
import { criticalPath, isInsideRoots } from './paths';
import { forbidden, notUnderstood, readOnly, risky, workspace, worst, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';
import { readFind } from './shell/find-args';

/**
 * Read-only programs whose operands or options can make them write files, delete them or
 * run other code (their capable options are in reader-options.ts).
 */

function secondOperandWritten(part: CommandPart, j: PathJudge): Verdict {
  const second: Arg | undefined = splitArgs(part.argv).operands[1];
  return second && !(part.name === 'xxd' && second.value === '-')
    ? j.write(second, 'writes')
    : readOnly('only reads');
}

function find(part: CommandPart, j: PathJudge): Verdict {
  const args = part.argv;
  const { starts, exprStart, actions } = readFind(args);
  const verdicts: Verdict[] = [];
  if (actions.some((a) => a.name === '-delete')) {
    const filtered = args
      .slice(exprStart)
      .some((a) =>
        /^-(i?name|i?path|i?regex|i?wholename|newer\w*|[mac]time|[mac]min|size|empty)$/.test(
          a.value ?? '',
        ),
      );
    for (const start of starts) {
      const abs = j.abs(start);
      const critical = abs && criticalPath(abs, j.homeDir);
      if (critical && !filtered)
        verdicts.push(forbidden(`deletes everything in ${critical} (find -delete)`));
      else if (!abs || !isInsideRoots(abs, j.roots)) {
        verdicts.push(risky(`deletes files outside the workspace (find ${start.raw} -delete)`));
      } else verdicts.push(risky('deletes files (find -delete)'));
    }
  }
  for (const { name, index } of actions) {
    if (/^-f(print0?|printf|ls)$/.test(name) && args[index + 1]) {
      verdicts.push(j.write(args[index + 1], 'writes'));
    }
  }
  return worst(verdicts, readOnly('searches for files'));
}

/** Read-only programs with options that write files or run programs. */
export const READERS: Record<string, Handler> = {
  find,
  uniq: secondOperandWritten,
  xxd: secondOperandWritten,
  rg: (part) =>
    part.argv.some((a) => /^--pre(=|$)|^--hostname-bin/.test(a.value ?? ''))
      ? notUnderstood('runs a preprocessor program (rg --pre)')
      : readOnly('searches files'),
  awk: awkVerdict,
  gawk: awkVerdict,
  yq: (part, j) => {
    const { opts, operands } = splitArgs(part.argv, [
      '-e',
      '--expression',
      '-o',
      '--output-format',
      '-p',
      '--input-format',
      '--from-file',
    ]);
    if (
      !opts.some((o) => /^(-i|--inplace|--in-place)$/.test(o) || /^-[a-zA-Z]*i[a-zA-Z]*$/.test(o))
    )
      return readOnly('reads YAML');
    return worst(
      operands.slice(1).map((f) => j.write(f, 'edits')),
      workspace('edits files in place'),
    );
  },
  source: sourced,
  '.': sourced,
  mktemp: (part) =>
    part.argv.some((a) => /^(-u|--dry-run)$/.test(a.value ?? ''))
      ? readOnly('prints a temporary name')
      : workspace('creates a temporary file'),
  'ssh-add': (part) =>
    part.argv.some((a) => /^-[lL]$/.test(a.value ?? ''))
      ? readOnly("lists the agent's keys")
      : notUnderstood('changes the keys of the ssh agent'),
};

/** `source venv/bin/activate`: a script of the workspace runs in the shell, like a build. */
function sourced(part: CommandPart, j: PathJudge): Verdict {
  const file = part.argv[1];
  return file ? codeLocationVerdict(file, 'runs in the shell', j) : readOnly('sources nothing');
}
