import type { PathJudge } from './path-judge';
import { notUnderstood, risky, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';
import { own } from './shell/own-key';

/**
 * What an option of a read-only program does with its value: `write` a file, `read` one
 * (only secrets matter), run `code` (a program, a browser, a plugin), change the `system`;
 * `value` and `flag` do nothing to the world.
 */
type OptionKind = 'flag' | 'value' | 'read' | 'write' | 'code' | 'system';

/**
 * Read-only programs whose manuals list options that write files, run programs or change
 * the system: every such option, by program (yq's in-place edit is its own handler). Any other option of these programs only
 * changes what they print. A program in READ_ONLY and not here has no such option at all
 * (cat, head, wc, grep, jq...), so every option of it is understood.
 */
const CAPABLE_OPTIONS: Record<string, Record<string, OptionKind>> = {
  sort: {
    '-o': 'write',
    '--output': 'write',
    '-T': 'value',
    '--temporary-directory': 'value',
    '--compress-program': 'code',
    '--files0-from': 'read',
    '--random-source': 'read',
    '-k': 'value',
    '--key': 'value',
    '-t': 'value',
    '--field-separator': 'value',
    '-S': 'value',
    '--buffer-size': 'value',
  },
  tree: {
    '-o': 'write',
    '--output': 'write',
    '--fromfile': 'read',
    '-I': 'value',
    '-P': 'value',
    '-L': 'value',
  },
  file: { '-C': 'write', '--compile': 'write', '-m': 'read', '--magic-file': 'read' },
  iconv: { '-o': 'write', '--output': 'write', '-f': 'value', '-t': 'value' },
  base64: { '-o': 'write', '--output': 'write', '-i': 'read', '--input': 'read' },
  base32: { '-o': 'write', '--output': 'write' },
  shuf: {
    '-o': 'write',
    '--output': 'write',
    '--random-source': 'read',
    '-n': 'value',
    '-i': 'value',
  },
  date: { '-s': 'system', '--set': 'system', '-f': 'read', '--file': 'read', '-d': 'value' },
  ss: { '-K': 'system', '--kill': 'system', '-D': 'write', '--diag': 'write', '-F': 'read' },
  hash: { '-p': 'code' },
  less: {
    '-o': 'write',
    '-O': 'write',
    '--log-file': 'write',
    '--LOG-FILE': 'write',
    '-k': 'read',
    '--lesskey-file': 'read',
    '--lesskey-src': 'read',
  },
  man: {
    '-H': 'code',
    '--html': 'code',
    '-P': 'code',
    '--pager': 'code',
    '-X': 'code',
    '--gxditview': 'code',
    '-C': 'code',
    '--config-file': 'code',
    '-l': 'read',
    '--local-file': 'read',
    '-M': 'read',
    '--manpath': 'read',
  },
  info: { '-o': 'write', '--output': 'write', '--dribble': 'write', '--init-file': 'code' },
  nm: { '--plugin': 'code' },
  objdump: { '--plugin': 'code' },
  ag: { '--pager': 'code' },
  ack: { '--pager': 'code', '--ackrc': 'read' },
  locate: { '-d': 'read', '--database': 'read' },
};
CAPABLE_OPTIONS.more = CAPABLE_OPTIONS.less;
CAPABLE_OPTIONS.zless = CAPABLE_OPTIONS.less;

/** Options with a value as a separate word, so the value is not read as an option. */
function takesValue(kind: OptionKind): boolean {
  return kind !== 'flag';
}

/**
 * The verdicts a read-only program's options earn: files written, programs run, system
 * changes; `+cmd` for a pager runs its commands. Empty when every option only reads.
 */
export function readerOptionVerdicts(part: CommandPart, j: PathJudge): Verdict[] {
  const table = own(CAPABLE_OPTIONS, part.name);
  if (!table) return [];
  const out: Verdict[] = [];
  const args = part.argv;
  for (let i = 1; i < args.length; i++) {
    const a = args[i].value;
    if (a === undefined || a === '--') break;
    if (a.startsWith('+') && table === CAPABLE_OPTIONS.less) {
      out.push(notUnderstood(`\`${a}\` gives ${part.name} commands to run`));
      continue;
    }
    if (!a.startsWith('-') || a === '-') continue;
    const hit = optionAt(a, table, args[i + 1]);
    if (!hit) continue;
    if (hit.consumedNext) i++;
    const verdict = kindVerdict(hit.kind, hit.option, hit.value, part, j);
    if (verdict) out.push(verdict);
  }
  return out;
}

interface OptionHit {
  option: string;
  kind: OptionKind;
  value: Arg | undefined;
  consumedNext: boolean;
}

/** `--output=F`, `--output F`, `-o F`, `-oF`, `-no F` (a cluster ending in a value option). */
function optionAt(
  a: string,
  table: Record<string, OptionKind>,
  next: Arg | undefined,
): OptionHit | undefined {
  if (a.startsWith('--')) {
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    const kind = own(table, name);
    if (!kind) return undefined;
    if (eq > 0) return { option: name, kind, value: literal(a.slice(eq + 1)), consumedNext: false };
    const consumes = takesValue(kind);
    return { option: name, kind, value: consumes ? next : undefined, consumedNext: consumes };
  }
  // Short options cluster: the first one that takes a value takes the rest of the word.
  for (let k = 1; k < a.length; k++) {
    const option = `-${a[k]}`;
    const kind = own(table, option);
    if (!kind) continue;
    if (!takesValue(kind)) return { option, kind, value: undefined, consumedNext: false };
    const rest = a.slice(k + 1);
    if (rest) return { option, kind, value: literal(rest), consumedNext: false };
    return { option, kind, value: next, consumedNext: true };
  }
  return undefined;
}

function literal(value: string): Arg {
  return { value, glob: false, raw: value };
}

function kindVerdict(
  kind: OptionKind,
  option: string,
  value: Arg | undefined,
  part: CommandPart,
  j: PathJudge,
): Verdict | undefined {
  const shown = `${part.name} ${option}`;
  switch (kind) {
    case 'flag':
    case 'value':
      return undefined;
    case 'read':
      return value ? j.read(value) : undefined;
    case 'write':
      return value ? j.write(value, 'writes') : notUnderstood(`${shown} writes a file`);
    case 'code':
      return notUnderstood(`\`${shown}\` makes it run another program`);
    case 'system':
      return risky(`changes the system (${shown})`);
  }
}
