/**
 * `tick mcp add` and `remove`: one server entry written to (or taken from) the file of a
 * scope, as Claude Code's `claude mcp add -s local|project|user` does: local is
 * `.tick/settings.local.json` (yours alone), project is the shared `.mcp.json`, user is
 * `$TICK_HOME/settings.json`. A file that is not valid JSON is refused and left as it is.
 */
import { readFileSync } from 'node:fs';
import { excludeFromGit } from '../config/git-exclude';
import { settingsPaths } from '../config/settings';
import { editSettingsFile, writeJsonAtomically, type JsonObject } from '../config/settings-edit';
import { parseJsonWithLocation } from '../config/json-location';
import { mcpJsonPath } from './paths';

export type EditScope = 'local' | 'project' | 'user';
export const EDIT_SCOPES: readonly EditScope[] = ['local', 'project', 'user'];

export class ConfigEditError extends Error {}

export function scopeFile(scope: EditScope, workspace: string, home: string): string {
  if (scope === 'project') return mcpJsonPath(workspace);
  const paths = settingsPaths(workspace, home);
  return scope === 'local' ? paths.local : paths.user;
}

function readMcpJson(path: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigEditError(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (text.trim() === '') return {};
  const parsed = parseJsonWithLocation(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok)
    throw new ConfigEditError(
      `${path}: invalid JSON at line ${parsed.line} column ${parsed.column}: ${parsed.message} (the file was not changed)`,
    );
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
    throw new ConfigEditError(`${path} must be a JSON object (the file was not changed)`);
  return parsed.value as JsonObject;
}

function serversOf(document: JsonObject): JsonObject {
  const servers = document.mcpServers;
  return typeof servers === 'object' && servers !== null && !Array.isArray(servers)
    ? (servers as JsonObject)
    : {};
}

/** Changes the `mcpServers` of a scope's file; `change` returns undefined to leave it be. */
async function editServers(
  scope: EditScope,
  file: string,
  action: string,
  change: (servers: JsonObject) => JsonObject | undefined,
): Promise<boolean> {
  const apply = (document: JsonObject): JsonObject | undefined => {
    const next = change({ ...serversOf(document) });
    return next === undefined ? undefined : { ...document, mcpServers: next };
  };
  if (scope === 'project') {
    const next = apply(readMcpJson(file));
    if (next === undefined) return false;
    writeJsonAtomically(file, next);
    return true;
  }
  const changed = await editSettingsFile(file, action, apply);
  if (changed && scope === 'local') excludeFromGit(file);
  return changed;
}

/** Names configured in a scope's file. */
export function serverNamesIn(scope: EditScope, file: string): string[] {
  try {
    if (scope === 'project') return Object.keys(serversOf(readMcpJson(file)));
    const text = readFileSync(file, 'utf8');
    const parsed = parseJsonWithLocation(text);
    return parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
      ? Object.keys(serversOf(parsed.value as JsonObject))
      : [];
  } catch {
    return [];
  }
}

/** Adds a server; an existing one of that name in the same file is an error, not replaced. */
export async function addServer(
  scope: EditScope,
  file: string,
  name: string,
  entry: JsonObject,
): Promise<void> {
  let exists = false;
  await editServers(scope, file, `${name} was not added`, (servers) => {
    if (name in servers) {
      exists = true;
      return undefined;
    }
    return { ...servers, [name]: entry };
  });
  if (exists)
    throw new ConfigEditError(
      `${file} already has a server named ${name}; remove it first (tick mcp remove ${name} -s ${scope})`,
    );
}

/** Removes a server; false when the file had none of that name. */
export async function removeServer(scope: EditScope, file: string, name: string): Promise<boolean> {
  return editServers(scope, file, `${name} was not removed`, (servers) => {
    if (!(name in servers)) return undefined;
    const { [name]: _removed, ...rest } = servers;
    return rest;
  });
}
