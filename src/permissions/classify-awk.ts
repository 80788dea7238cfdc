import { splitArgs } from './cli-args';
import type { PathJudge } from './path-judge';
import { readOnly, risky, workspace, worst, type Verdict } from './risk';
import type { CommandPart } from './shell/command-part';
import { awkProgram } from './shell/command-wrappers';

const REDIRECT = /\bprintf?\b([^;{}\n]*?)(?<![<>=!])>{1,2}(?!=)\s*("((?:[^"\\]|\\.)*)"|[^\s;{}]+)/g;

/**
 * Files an awk program writes with `print > "out.txt"` or `printf ... >> "log"`; undefined
 * for a name built at run time (`print > $1 ".txt"`). A `>` inside parentheses compares.
 */
export function awkOutputs(program: string): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  for (const m of program.matchAll(REDIRECT)) {
    const before = m[1];
    if ((before.match(/\(/g)?.length ?? 0) > (before.match(/\)/g)?.length ?? 0)) continue;
    const rest = program.slice((m.index ?? 0) + m[0].length);
    // `"x" $1` or `$1 ".txt"`: the name goes on, so it is only known at run time.
    const literal = m[3] !== undefined && !/^\s*[$"\w(]/.test(rest.replace(/^\s*[;}\n].*/s, ''));
    out.push(literal ? m[3] : undefined);
  }
  return out;
}

/** awk: reads, unless it edits in place (`-i inplace`) or its program writes files. */
export function awkVerdict(part: CommandPart, j: PathJudge): Verdict {
  const values = part.argv.map((a) => a.value ?? '');
  const inplace = values.some(
    (v, i) => (v === '-i' && values[i + 1] === 'inplace') || v === '--inplace',
  );
  if (values.includes('-f')) return workspace('runs an awk program file');
  const { program } = awkProgram(part.argv);
  const verdicts: Verdict[] = (program?.value ? awkOutputs(program.value) : []).map((file) =>
    file === undefined
      ? risky('writes files named at run time (awk print >)')
      : j.write({ value: file, glob: false, raw: file }, 'writes'),
  );
  if (inplace) {
    const files = splitArgs(part.argv, ['-i', '-v', '-F']).operands.slice(1);
    verdicts.push(...files.map((f) => j.write(f, 'edits')));
  }
  return worst(
    verdicts,
    inplace ? workspace('edits files in place') : readOnly('reads and filters text'),
  );
}
