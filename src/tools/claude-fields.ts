/**
 * Small pieces the tools' Claude Code faces share: Claude Code gives hooks absolute
 * paths, and a hook's `updatedInput` comes back with loosely typed fields.
 */
import path from 'node:path';
import { resolveInWorkspace } from './paths';

/** Claude Code's `file_path`: always absolute (`~` and relative paths expanded). */
export function absolutePath(p: string, cwd: string): string {
  return resolveInWorkspace(p, cwd);
}

/** A `file_path` from a hook, as tick's tools take it: workspace-relative when inside it. */
export function workspacePath(filePath: unknown, cwd: string): unknown {
  if (typeof filePath !== 'string' || !path.isAbsolute(filePath)) return filePath;
  const rel = path.relative(cwd, filePath);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    return filePath;
  }
  return rel;
}

/** Drops undefined fields, so an omitted optional stays omitted (and the schema says what is missing). */
export function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
