/**
 * Gitignore-style globs for path rules and the secret list: `*` and `?` stay within
 * one path segment, `**` spans segments, `[abc]` is a class, `\x` a literal x.
 */
export function globToRegExp(glob: string): RegExp {
  // `dir/**` is the folder and everything below it.
  if (glob.endsWith('/**') && !glob.endsWith('\\/**')) {
    return new RegExp(`^${globToRegExp(glob.slice(0, -3)).source.slice(1, -1)}(?:/.*)?$`, 's');
  }
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\' && i + 1 < glob.length) {
      re += escapeRe(glob[++i]);
    } else if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        i++;
        if (atStart && glob[i + 1] === '/') {
          re += '(?:[^/]*/)*';
          i++;
        } else if (atStart && atEnd) re += '.*';
        else re += '[^/]*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) re += '\\[';
      else {
        const body = glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = close;
      }
    } else re += escapeRe(c);
  }
  return new RegExp(`^${re}$`, 's');
}

function escapeRe(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

/** True when the glob has no wildcard at all (a plain path or text). */
export function isLiteralGlob(glob: string): boolean {
  return !/[*?[]/.test(glob.replace(/\\./g, ''));
}

/** `*` matches anything (spaces and slashes too): Claude Code's bash rule wildcard. */
export function wildcardToRegExp(pattern: string): RegExp {
  const re = pattern
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${re}$`, 's');
}
