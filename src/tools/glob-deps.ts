/**
 * fast-glob (with micromatch, picomatch and braces) and ignore load on the first
 * glob call, not with the agent: about 170 KB that the start-up never needs.
 */
import type FastGlob from 'fast-glob';
import type Ignore from 'ignore';

export async function loadFastGlob(): Promise<typeof FastGlob> {
  return (await import('fast-glob')).default;
}

export async function loadIgnore(): Promise<typeof Ignore> {
  return (await import('ignore')).default;
}
