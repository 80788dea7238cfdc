import { WRAPPERS } from './command-wrappers';
import type { Arg } from './expand-word';
import { emitState } from './program-state';
import type { Seed, State, Walker } from './walk-types';

const VALUE_OPTS = new Set(['-u', '--unset', '-C', '--chdir', '-a', '--argv0']);
const MAX_SPLITS = 8;

/**
 * `env [OPTIONS] [NAME=VALUE]... COMMAND`: moves `st` to the command, with the
 * assignments added to the seed. `-S STRING` is split into words that take its place
 * (`env -S 'PATH=/x git' reset`), `-P DIR` searches DIR first (a PATH change). Returns
 * false when env runs nothing further (the part is emitted then).
 */
export function envCommand(w: Walker, st: State): boolean {
  const args = [...st.args];
  const assigns: Seed['assigns'] = [];
  let splits = 0;
  let i = 1;
  while (i < args.length) {
    const a = args[i].value;
    if (a === undefined) {
      emitState(w, st, 'an option of env is only known at run time');
      return false;
    }
    const split = splitOption(args, i);
    if (split) {
      if (split.text === undefined || ++splits > MAX_SPLITS) {
        emitState(w, st, 'env -S with a string only known at run time');
        return false;
      }
      const words = splitEnvString(split.text);
      if (!words) {
        emitState(w, st, 'env -S with a string that cannot be read');
        return false;
      }
      args.splice(i, split.consumed, ...words);
      continue;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a);
    if (m) {
      const raw = args[i].raw.startsWith(`${m[1]}=`) ? args[i].raw.slice(m[1].length + 1) : m[2];
      assigns.push({ name: m[1], value: m[2], raw });
    } else if (a === '-P') {
      const dir = args[i + 1];
      assigns.push({ name: 'PATH', value: dir?.value, raw: dir?.raw ?? '' });
      i++;
    } else if (a === '--') {
      i++;
      break;
    } else if (!a.startsWith('-') || a === '-') {
      if (a !== '-') break;
    } else if (VALUE_OPTS.has(a)) i++;
    i++;
  }
  if (i >= args.length) {
    emitState(w, st);
    return false;
  }
  st.seed = {
    ...st.seed,
    assigns: [...st.seed.assigns, ...assigns],
    base: st.seed.base ?? st.seed,
  };
  st.args = args.slice(i);
  if (st.wrappers.every((x) => WRAPPERS[x]?.safe)) st.matchArgs = st.args;
  st.wrappers.push('env');
  return true;
}

function splitOption(
  args: readonly Arg[],
  i: number,
): { text: string | undefined; consumed: number } | undefined {
  const a = args[i].value!;
  if (a === '-S' || a === '--split-string') return { text: args[i + 1]?.value, consumed: 2 };
  if (a.startsWith('--split-string=')) return { text: a.slice(15), consumed: 1 };
  if (/^-S./s.test(a)) return { text: a.slice(2), consumed: 1 };
  return undefined;
}

const ESCAPES: Record<string, string> = { _: ' ', t: '\t', n: '\n', f: '\f', v: '\v', r: '\r' };

/**
 * env -S's own splitting: blanks separate words, '...' and "..." quote, `\_` is a
 * blank, `\c` ends the string; `${NAME}` is a value only known at run time.
 */
export function splitEnvString(text: string): Arg[] | undefined {
  const words: Arg[] = [];
  let cur: string | null = null;
  let unknown = false;
  let quote: string | null = null;
  const end = () => {
    if (cur !== null) {
      words.push(
        unknown
          ? { value: undefined, glob: false, raw: cur, unknown: '${...}' }
          : { value: cur, glob: false, raw: cur },
      );
    }
    cur = null;
    unknown = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) {
        const e = text[++i];
        cur += ESCAPES[e] ?? e;
      } else if (c === '$' && quote === '"' && text[i + 1] === '{') unknown = true;
      else cur += c;
      continue;
    }
    if (/\s/.test(c)) {
      end();
      continue;
    }
    cur ??= '';
    if (c === "'" || c === '"') quote = c;
    else if (c === '\\' && i + 1 < text.length) {
      const e = text[++i];
      if (e === 'c') break;
      cur += ESCAPES[e] ?? e;
    } else if (c === '$' && text[i + 1] === '{') {
      unknown = true;
      cur += c;
    } else cur += c;
  }
  if (quote) return undefined;
  end();
  return words;
}
