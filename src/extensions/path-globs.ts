/**
 * `paths:` frontmatter (path-scoped rules): glob patterns, relative to the project folder,
 * with brace groups (`src/**\/*.{ts,tsx}`) expanded. A comma-separated string or a list.
 */
import { globToRegExp } from '../permissions/glob-match';

/** Claude Code bounds brace expansion: past this many patterns a pattern is used as written. */
const MAX_EXPANDED = 1000;

/** The patterns of a `paths` value: a list of strings, or one string split at commas outside braces. */
export function pathPatterns(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item): item is string => typeof item === 'string')
    .flatMap((item) => splitOutsideBraces(item))
    .map((pattern) => pattern.trim())
    .filter(Boolean);
}

function splitOutsideBraces(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** `a/{b,c}/*.{ts,tsx}` → four patterns; past the bound, the pattern itself. */
export function expandBraces(pattern: string): string[] {
  let results = [pattern];
  for (;;) {
    const next: string[] = [];
    let changed = false;
    for (const item of results) {
      const group = firstBraceGroup(item);
      if (!group) {
        next.push(item);
        continue;
      }
      changed = true;
      for (const option of group.options) {
        next.push(item.slice(0, group.start) + option + item.slice(group.end + 1));
      }
    }
    if (!changed) return results;
    if (next.length > MAX_EXPANDED) return [pattern];
    results = next;
  }
}

function firstBraceGroup(
  text: string,
): { start: number; end: number; options: string[] } | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  const options: string[] = [];
  let current = '';
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '{') {
      depth += 1;
      if (depth === 1) continue;
    }
    if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        options.push(current);
        return options.length > 1 ? { start, end: i, options } : undefined;
      }
    }
    if (char === ',' && depth === 1) {
      options.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  return undefined;
}

/** A test for paths relative to the project folder (`/` separators); `**` alone matches all. */
export function pathMatcher(patterns: readonly string[]): (relativePath: string) => boolean {
  const regexes = patterns.flatMap(expandBraces).map((pattern) => {
    const bare = pattern.replace(/^\.\//, '');
    return globToRegExp(bare.endsWith('/') ? `${bare}**` : bare);
  });
  return (relativePath) => regexes.some((re) => re.test(relativePath));
}
