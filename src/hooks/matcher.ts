/**
 * Hook matchers, as in Claude Code: empty, missing or `*` matches every tool; a plain
 * list (`Edit|Write`, `bash, glob`) names tools; anything else is a regular expression,
 * anchored here (`^(?:m)$`) so `bash` never matches `bash_extra`. Claude Code's tool
 * names match our tools, so settings copied from `.claude/settings.json` keep working.
 */

/** Claude Code's names for our tools. */
export const CLAUDE_TOOL_NAMES: Readonly<Record<string, readonly string[]>> = {
  bash: ['Bash'],
  read_file: ['Read'],
  write_file: ['Write'],
  edit_file: ['Edit', 'MultiEdit'],
  glob: ['Glob'],
  todo_write: ['TodoWrite'],
};

const PLAIN_LIST = /^[\w\s,|-]*$/;

/** The error text when `matcher` is not a valid pattern, else undefined. */
export function matcherError(matcher: string): string | undefined {
  if (PLAIN_LIST.test(matcher) || matcher.trim() === '*') return undefined;
  try {
    new RegExp(`^(?:${matcher})$`);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Compiles a matcher into a predicate over our tool names. Throws on an invalid regex. */
export function compileToolMatcher(matcher: string | undefined): (toolName: string) => boolean {
  const text = (matcher ?? '').trim();
  if (text === '' || text === '*') return () => true;
  let test: (name: string) => boolean;
  if (PLAIN_LIST.test(text)) {
    const names = new Set(
      text
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter(Boolean),
    );
    test = (name) => names.has(name);
  } else {
    const regex = new RegExp(`^(?:${text})$`);
    test = (name) => regex.test(name);
  }
  return (toolName) => [toolName, ...(CLAUDE_TOOL_NAMES[toolName] ?? [])].some(test);
}
