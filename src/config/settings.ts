/**
 * Settings files: user `$TICK_HOME/settings.json`, project `<cwd>/.tick/settings.json`
 * and local `<cwd>/.tick/settings.local.json` (later wins; rule lists, directories and
 * hooks are concatenated). A malformed file is a SettingsError with a one-line message
 * naming the file and the key; unknown keys are ignored with a warning.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { PermissionMode } from '../permissions/types';
import type { PermissionRules } from './types';
import type { CommandHookSettings } from '../hooks/command-hooks';
import { mergeCommandHookSettings } from '../hooks/command-hooks';
import { ConfigError, SettingsError } from './errors';
import { parseJsonWithLocation } from './json-location';
import { settingsFileSchema, type SettingsFileInput } from './settings-schema';

export { ConfigError, SettingsError };

/** One file's settings, flattened (`model.idleTimeoutMs` and `idleTimeoutMs` are one setting). */
export interface Settings {
  model?: string;
  baseURL?: string;
  idleTimeoutMs?: number;
  maxRetries?: number;
  maxTurns?: number;
  reminderRounds?: number;
  permissionMode?: PermissionMode;
  permissions: PermissionRules;
  /** As written (relative paths and `~` are resolved by resolveConfig). */
  additionalDirectories: string[];
  hooks: CommandHookSettings;
  sandbox?: boolean;
}

export interface LoadedSettings {
  path: string;
  settings: Settings;
  /** Unknown keys, ignored: `/x/.tick/settings.json: unknown key "modle" (ignored)`. */
  warnings: string[];
}

export interface SettingsPaths {
  user: string;
  project: string;
  local: string;
}

export function settingsPaths(cwd: string, home: string): SettingsPaths {
  return {
    user: join(home, 'settings.json'),
    project: join(cwd, '.tick', 'settings.json'),
    local: join(cwd, '.tick', 'settings.local.json'),
  };
}

export function emptySettings(): Settings {
  return {
    permissions: { allow: [], ask: [], deny: [] },
    additionalDirectories: [],
    hooks: {},
  };
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

function issueText(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path);
  if (where === '')
    return `the file ${issue.message.startsWith('must') ? issue.message : 'is invalid: ' + issue.message}`;
  // Our schemas phrase every message as "must ..." or "is ..."; zod's own defaults are not.
  const phrased = /^(must|is) /.test(issue.message)
    ? issue.message
    : `is invalid: ${issue.message}`;
  return `${where} ${phrased}`;
}

function deleteKeys(root: unknown, path: readonly PropertyKey[], keys: readonly string[]): void {
  let node: unknown = root;
  for (const key of path) node = (node as Record<PropertyKey, unknown>)[key];
  for (const key of keys) delete (node as Record<string, unknown>)[key];
}

/** Reads a settings file: undefined when it does not exist; SettingsError when unreadable or not JSON. */
export function readRawSettings(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    const detail = code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new SettingsError(`Error in ${path}: cannot read the file: ${detail}`, path);
  }
  text = text.replace(/^\uFEFF/, '');
  // An empty file (e.g. made by `touch`) holds no settings rather than being an error.
  if (text.trim() === '') return {};
  const parsed = parseJsonWithLocation(text);
  if (!parsed.ok) {
    throw new SettingsError(
      `Error in ${path}: invalid JSON at line ${parsed.line} column ${parsed.column}: ${parsed.message}`,
      path,
    );
  }
  return parsed.value;
}

/** Validates raw settings; unknown keys are dropped and reported as warnings. */
export function validateSettings(path: string, raw: unknown): LoadedSettings {
  const warnings: string[] = [];
  const input: unknown = structuredClone(raw);
  for (;;) {
    const result = settingsFileSchema.safeParse(input);
    if (result.success) return { path, settings: flatten(result.data), warnings };
    const unknown = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    const problem = result.error.issues.find((issue) => issue.code !== 'unrecognized_keys');
    if (problem || unknown.length === 0) {
      throw new SettingsError(
        `Error in ${path}: ${issueText(problem ?? result.error.issues[0])}`,
        path,
      );
    }
    for (const issue of unknown) {
      for (const key of issue.keys) {
        warnings.push(`${path}: unknown key ${formatPath([...issue.path, key])} (ignored)`);
      }
      deleteKeys(input, issue.path, issue.keys);
    }
  }
}

function flatten(data: SettingsFileInput): Settings {
  const settings = emptySettings();
  const assign = <K extends keyof Settings>(key: K, value: Settings[K] | undefined): void => {
    if (value !== undefined) settings[key] = value;
  };
  // The nested model form wins over the top-level keys within one file.
  assign('model', data.model?.name);
  assign('baseURL', data.model?.baseURL ?? data.baseURL);
  assign('idleTimeoutMs', data.model?.idleTimeoutMs ?? data.idleTimeoutMs);
  assign('maxRetries', data.model?.maxRetries ?? data.maxRetries);
  assign('maxTurns', data.maxTurns);
  assign('reminderRounds', data.reminder?.rounds);
  assign('permissionMode', data.permissions?.defaultMode as PermissionMode | undefined);
  assign('sandbox', data.sandbox);
  settings.permissions = {
    allow: data.permissions?.allow ?? [],
    ask: data.permissions?.ask ?? [],
    deny: data.permissions?.deny ?? [],
  };
  settings.additionalDirectories = data.permissions?.additionalDirectories ?? [];
  settings.hooks = data.hooks ?? {};
  return settings;
}

/** Loads one file; undefined when it does not exist. */
export function loadSettingsFile(path: string): LoadedSettings | undefined {
  const raw = readRawSettings(path);
  return raw === undefined ? undefined : validateSettings(path, raw);
}

/** Later layers win for single values; lists and hooks are concatenated in order. */
export function mergeSettings(layers: Settings[]): Settings {
  const merged = emptySettings();
  for (const layer of layers) {
    for (const key of [
      'model',
      'baseURL',
      'idleTimeoutMs',
      'maxRetries',
      'maxTurns',
      'reminderRounds',
      'permissionMode',
      'sandbox',
    ] as const) {
      if (layer[key] !== undefined)
        (merged as unknown as Record<string, unknown>)[key] = layer[key];
    }
    merged.permissions = {
      allow: [...merged.permissions.allow, ...layer.permissions.allow],
      ask: [...merged.permissions.ask, ...layer.permissions.ask],
      deny: [...merged.permissions.deny, ...layer.permissions.deny],
    };
    merged.additionalDirectories = [
      ...merged.additionalDirectories,
      ...layer.additionalDirectories,
    ];
  }
  merged.hooks = mergeCommandHookSettings(layers.map((layer) => layer.hooks));
  return merged;
}

export interface AllSettings {
  /** The files that exist, in precedence order (user, project, local). */
  layers: LoadedSettings[];
  merged: Settings;
  warnings: string[];
}

/** Loads user, project and local settings; throws SettingsError on the first bad file. */
export function loadSettings(cwd: string, home: string): AllSettings {
  const paths = settingsPaths(cwd, home);
  // A workspace whose .tick is TICK_HOME must not load (and run the hooks of) one file twice.
  const layers = [...new Set([paths.user, paths.project, paths.local])]
    .map(loadSettingsFile)
    .filter((layer): layer is LoadedSettings => layer !== undefined);
  return {
    layers,
    merged: mergeSettings(layers.map((layer) => layer.settings)),
    warnings: layers.flatMap((layer) => layer.warnings),
  };
}
