/**
 * Permission rule text as in Claude Code: `Tool` or `Tool(specifier)`, e.g.
 * `bash(npm run test:*)`, `edit_file(src/**)`, `Bash(git status)`. Matching is the
 * permission engine's job; here rules are only split and checked for shape.
 */
import { parseRule } from '../permissions/rule-parse';

/** Why `rule` is not a well-formed rule, or undefined when it is (whether tick has its tool or not). */
export function ruleSyntaxError(rule: string): string | undefined {
  // Without tools every name is "unknown", a warning: only malformed text is an error here.
  const parsed = parseRule(rule, { list: 'deny', tools: [] });
  if ('problem' in parsed && parsed.problem.level === 'error') {
    return `invalid rule '${rule.trim()}': ${parsed.problem.message}`;
  }
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
