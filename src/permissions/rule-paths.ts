/**
 * Path specifiers of Read and Edit rules, gitignore style, anchored as Claude Code
 * documents: `//path` from the file-system root, `~/path` from home, `/path` from the
 * settings source (the project root for project settings, TICK_HOME for user settings),
 * `./path` from the current directory; a pattern without a leading anchor is relative to
 * the current directory, and in deny and ask rules a name (`.env`, `*.env`) or a folder
 * with everything in it (`src/**`) matches at any depth below it, while a deeper path
 * (`src/components/**`) stays at its place.
 */
import path from 'node:path';
import { globToRegExp, isLiteralGlob } from './glob-match';
import type { RuleList } from './rule-parse';

export interface PathMatcher {
  /** The glob after its anchor (`//x` -> `/x`, `~/x` -> `x`). */
  glob: string;
  base: 'absolute' | 'home' | 'source' | 'cwd';
  /** For `/path`: the settings source's folder (the current directory when unknown). */
  sourceDir?: string;
  /** Written with `./`: only at the current directory, in every list. */
  dotAnchored: boolean;
}

export interface PathContext {
  cwd: string;
  /** The user's home directory, for `~/`. */
  home: string;
}

export function pathMatcher(spec: string, sourceDir?: string): PathMatcher {
  const trimmed = spec.replace(/\/+$/, '');
  if (trimmed.startsWith('//')) {
    return { glob: trimmed.slice(1), base: 'absolute', dotAnchored: false };
  }
  if (spec.startsWith('/')) {
    return {
      glob: trimmed.slice(1),
      base: 'source',
      dotAnchored: false,
      ...(sourceDir ? { sourceDir } : {}),
    };
  }
  if (trimmed === '~' || trimmed.startsWith('~/')) {
    return { glob: trimmed.slice(2), base: 'home', dotAnchored: false };
  }
  if (trimmed === '.' || trimmed.startsWith('./')) {
    return { glob: trimmed.slice(2), base: 'cwd', dotAnchored: true };
  }
  return { glob: trimmed, base: 'cwd', dotAnchored: false };
}

const escapeGlob = (p: string) => p.replace(/[*?[\]\\]/g, '\\$&');

function rootOf(matcher: PathMatcher, ctx: PathContext): string {
  switch (matcher.base) {
    case 'absolute':
      return '';
    case 'home':
      return escapeGlob(ctx.home);
    case 'source':
      return escapeGlob(matcher.sourceDir ?? ctx.cwd);
    case 'cwd':
      return escapeGlob(ctx.cwd);
  }
}

/**
 * True when the rule's glob matches `abs` or a folder above it (a literal folder name
 * covers its contents). `list` matters for unanchored patterns: an allow rule reads
 * them at the current directory only, a deny or ask rule at any depth below it.
 */
export function pathMatches(
  matcher: PathMatcher,
  abs: string,
  ctx: PathContext,
  list: RuleList,
): boolean {
  const root = rootOf(matcher, ctx);
  const anyDepth =
    matcher.base === 'cwd' &&
    !matcher.dotAnchored &&
    list !== 'allow' &&
    !matcher.glob.replace(/\/\*\*$/, '').includes('/');
  let glob: string;
  if (matcher.base === 'absolute') glob = matcher.glob || '/';
  else if (matcher.glob === '') glob = root;
  else glob = `${root}/${anyDepth && !matcher.glob.startsWith('**/') ? '**/' : ''}${matcher.glob}`;
  const re = globToRegExp(glob);
  if (re.test(abs)) return true;
  // A literal folder name covers its contents; `dir/*` stays one level deep.
  if (!isLiteralGlob(path.basename(glob))) return false;
  for (let p = path.dirname(abs); p !== path.dirname(p); p = path.dirname(p)) {
    if (re.test(p)) return true;
  }
  return false;
}
