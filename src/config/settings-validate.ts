/**
 * Settings validation with the zod schema. Loaded on demand by settings.ts (only when a
 * settings file exists), so start-up without settings files never loads zod.
 */
import type { z } from 'zod';
import type { PermissionMode } from '../permissions/types';
import { SettingsError } from './errors';
import { emptySettings, type LoadedSettings, type Settings } from './settings';
import { settingsFileSchema, type SettingsFileInput } from './settings-schema';

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

/** Validates raw settings; unknown keys are dropped and reported as warnings. */
export function validateSettingsNow(path: string, raw: unknown): LoadedSettings {
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
  assign('tasks', data.tasks);
  settings.permissions = {
    allow: data.permissions?.allow ?? [],
    ask: data.permissions?.ask ?? [],
    deny: data.permissions?.deny ?? [],
  };
  settings.additionalDirectories = data.permissions?.additionalDirectories ?? [];
  settings.hooks = data.hooks ?? {};
  return settings;
}
