/**
 * A command's or skill's arguments in its body, as Claude Code puts them:
 * - `$ARGUMENTS`: everything typed after the name, as typed;
 * - `$ARGUMENTS[N]`: the N-th argument from 0 (shell-style quoting: `"a b" c` is two);
 * - `$1`...`$9`: the first to ninth argument, as command files have always used them. Claude
 *   Code 2.1 made `$N` mean `$ARGUMENTS[N]` (so `$0` is the first); a body that uses `$0`
 *   is read that way;
 * - `$name` for each name of the `arguments:` frontmatter, in order;
 * - `${CLAUDE_SESSION_ID}`, `${CLAUDE_SKILL_DIR}`, `${CLAUDE_PROJECT_DIR}`.
 * A placeholder with no argument stays as written (a named one becomes empty); `\$1` is a
 * literal `$1`. Arguments given to a body without any placeholder are appended as
 * `ARGUMENTS: ...`.
 */

export interface ArgumentValues {
  /** The text after the command's name, as typed. */
  raw: string;
  /** Names from `arguments:`. */
  names: readonly string[];
  sessionId: string;
  skillDir: string;
  projectDir: string;
}

/** Shell-style words: spaces separate, quotes group (`"hello world" x` → two). */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length) current += text[++i];
      else current += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(current);
      current = '';
      started = false;
    } else {
      if (char === '\\' && i + 1 < text.length) current += text[++i];
      else current += char;
      started = true;
    }
  }
  if (started) words.push(current);
  return words;
}

const ENVIRONMENT = /\$\{(CLAUDE_SESSION_ID|CLAUDE_SKILL_DIR|CLAUDE_PROJECT_DIR)\}/g;

/** The body with its placeholders filled in. */
export function substituteArguments(body: string, values: ArgumentValues): string {
  const args = splitArguments(values.raw);
  const zeroBased = /(?<!\\)\$0(?!\d)/.test(body);
  const names = values.names.filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  // Five groups always (the last never matches without names), so the callback's order holds.
  const named = names.length ? `(${names.map(escapeRe).join('|')})(?![A-Za-z0-9_])` : '((?!))';
  const pieces = ['ARGUMENTS\\[(\\d+)\\]', '(ARGUMENTS)(?![A-Za-z0-9_[])', '(\\d)(?!\\d)', named];
  const placeholder = new RegExp(`(\\\\?)\\$(?:${pieces.join('|')})`, 'g');
  let used = false;
  const filled = body.replace(
    placeholder,
    (whole, escape: string, indexed?: string, all?: string, digit?: string, named?: string) => {
      if (escape) return whole.slice(1);
      used = true;
      if (all) return values.raw;
      if (indexed !== undefined) return args[Number(indexed)] ?? whole;
      if (digit !== undefined) {
        const index = zeroBased ? Number(digit) : Number(digit) - 1;
        return index >= 0 ? (args[index] ?? whole) : whole;
      }
      if (named !== undefined) return args[names.indexOf(named)] ?? '';
      return whole;
    },
  );
  const withEnvironment = filled.replace(ENVIRONMENT, (_whole, name: string) => {
    if (name === 'CLAUDE_SESSION_ID') return values.sessionId;
    if (name === 'CLAUDE_SKILL_DIR') return values.skillDir;
    return values.projectDir;
  });
  return !used && values.raw.trim()
    ? `${withEnvironment.replace(/\s+$/, '')}\n\nARGUMENTS: ${values.raw.trim()}`
    : withEnvironment;
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
