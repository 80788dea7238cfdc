/**
 * Permission rule text as in Claude Code: `Tool` or `Tool(specifier)`, e.g.
 * `bash(npm run test:*)`, `edit_file(src/**)`, `Bash(git status)`. Matching is the
 * permission engine's job; here rules are only split and checked for shape.
 */

const TOOL_NAME = /^[A-Za-z_][\w-]*$/;

/** Why `rule` is not a well-formed rule, or undefined when it is. */
export function ruleSyntaxError(rule: string): string | undefined {
  const text = rule.trim();
  if (text === '') return 'a rule must not be empty';
  const open = text.indexOf('(');
  const name = open === -1 ? text : text.slice(0, open);
  if (!TOOL_NAME.test(name)) return `'${text}' does not start with a tool name`;
  if (open === -1) return undefined;
  if (!text.endsWith(')')) return `'${text}' is missing its closing ')'`;
  if (text.slice(open + 1, -1).trim() === '') return `'${text}' has an empty specifier`;
  return undefined;
}

/**
 * Splits a flag value such as `"bash(git status) edit_file, read_file"` into rules:
 * spaces and commas separate rules, except inside parentheses, where
 * `bash(npm run test:*)` keeps its spaces (and commas) whole.
 */
export function splitRuleList(value: string): string[] {
  const rules: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of value) {
    if (char === '(') depth++;
    if (char === ')' && depth > 0) depth--;
    if (depth === 0 && (char === ',' || /\s/.test(char))) {
      if (current) rules.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (current) rules.push(current);
  return rules;
}
