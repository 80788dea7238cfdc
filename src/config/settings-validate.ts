/**
 * Settings validation with the zod schema. Loaded on demand by settings.ts (only when a
 * settings file exists), so start-up without settings files never loads zod.
 *
 * Like Claude Code, what tick cannot use is a warning naming the file and the entry,
 * never a reason to refuse the file: unknown keys, rules naming tools tick lacks or MCP
 * tools, hooks of events tick does not fire. A value of the wrong type is an error.
 */
import type { z } from 'zod';
import { PERMISSION_MODES, type PermissionMode, type SandboxMode } from '../permissions/types';
import { SettingsError } from './errors';
import { emptySettings, type LoadedSettings, type Settings } from './settings';
import { settingsFileSchema, type SettingsFileInput } from './settings-schema';
import { usableHooks } from '../hooks/hook-settings';
import { ruleWarnings, hookConditionWarnings } from './rule-warnings';

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

/**
 * Validates raw settings; unknown keys are dropped and reported as warnings. `sourceDir`
 * is where `/path` in the file's rules starts (for the warnings about such rules).
 */
export function validateSettingsNow(
  path: string,
  raw: unknown,
  sourceDir?: string,
): LoadedSettings {
  const warnings: string[] = [];
  const unknownKeys: string[] = [];
  const input: unknown = structuredClone(raw);
  for (;;) {
    const result = settingsFileSchema.safeParse(input);
    if (result.success) {
      if (unknownKeys.length === 1)
        warnings.push(`${path}: unknown key ${unknownKeys[0]} (ignored)`);
      // Claude Code's own settings (env, statusLine, ...) are many: one line for them all.
      if (unknownKeys.length > 1) {
        warnings.push(`${path}: unknown keys (ignored): ${unknownKeys.join(', ')}`);
      }
      const settings = flatten(result.data, (text) => warnings.push(`${path}: ${text}`));
      // One by one: a file of 100,000 rules may warn as often, too many to spread as arguments.
      for (const warning of ruleWarnings(path, settings.permissions, sourceDir))
        warnings.push(warning);
      for (const warning of hookConditionWarnings(path, settings.hooks)) warnings.push(warning);
      return { path, settings, warnings, ...(sourceDir ? { sourceDir } : {}) };
    }
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
        if (issue.path.length === 1 && issue.path[0] === 'hooks') {
          warnings.push(`${path}: hooks.${key}: tick does not fire ${key} hooks (ignored)`);
        } else if (!(issue.path.length === 0 && key === '$schema')) {
          unknownKeys.push(formatPath([...issue.path, key]));
        }
      }
      deleteKeys(input, issue.path, issue.keys);
    }
  }
}

function flatten(data: SettingsFileInput, warn: (text: string) => void): Settings {
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
  assign('contextWindow', data.model?.contextWindow ?? data.contextWindow);
  assign('recoverToolCalls', data.model?.recoverToolCalls ?? data.recoverToolCalls);
  assign('compactThreshold', data.compact?.threshold);
  assign('permissionMode', permissionMode(data.permissions?.defaultMode, warn));
  assign('sandbox', sandboxMode(data.sandbox));
  if (data.permissions?.disableBypassPermissionsMode === 'disable') {
    settings.disableBypassPermissionsMode = true;
  }
  assign('tasks', data.tasks);
  assign('agentsMaxTurns', data.agents?.maxTurns);
  assign('notifyBell', data.notifications?.bell);
  assign('notifyDesktop', data.notifications?.desktop);
  assign('notifyIdleMs', data.notifications?.idleMs);
  assign('agentsMaxParallel', data.agents?.maxParallel);
  assign('agentsModel', data.agents?.model);
  assign('mcpServers', data.mcpServers);
  assign('enableAllProjectMcpServers', data.enableAllProjectMcpServers);
  settings.enabledMcpjsonServers = data.enabledMcpjsonServers ?? [];
  settings.disabledMcpjsonServers = data.disabledMcpjsonServers ?? [];
  assign('mcpTimeoutMs', data.mcp?.timeoutMs);
  assign('mcpToolTimeoutMs', data.mcp?.toolTimeoutMs);
  const search = data.mcp?.toolSearch;
  assign('mcpToolSearch', search === true ? 'always' : search === false ? 'never' : search);
  assign('mcpToolSearchMaxTools', data.mcp?.toolSearchMaxTools);
  assign('mcpToolSearchMaxShare', data.mcp?.toolSearchMaxShare);
  assign('agentsExploreModel', data.agents?.exploreModel);
  assign('checkpointsEnabled', data.checkpoints?.enabled);
  assign('checkpointsMaxFileBytes', data.checkpoints?.maxFileBytes);
  assign('checkpointsMaxFiles', data.checkpoints?.maxFiles);
  assign('checkpointsWatch', data.checkpoints?.watch);
  settings.permissions = {
    allow: data.permissions?.allow ?? [],
    ask: data.permissions?.ask ?? [],
    deny: data.permissions?.deny ?? [],
  };
  settings.additionalDirectories = data.permissions?.additionalDirectories ?? [];
  const hooks = usableHooks(data.hooks ?? {});
  for (const text of hooks.warnings) warn(text);
  settings.hooks = hooks.hooks;
  return settings;
}

/** tick's modes; Claude Code's others (`dontAsk`, `auto`) fall back to the default with a warning. */
function permissionMode(
  mode: string | undefined,
  warn: (text: string) => void,
): PermissionMode | undefined {
  if (mode === undefined) return undefined;
  if ((PERMISSION_MODES as readonly string[]).includes(mode)) return mode as PermissionMode;
  warn(
    `permissions.defaultMode "${mode}" is not a tick mode (${PERMISSION_MODES.join(', ')}); the default applies`,
  );
  return undefined;
}

/**
 * `"sandbox"`: a mode, or the older booleans (true: always, false: off), or Claude Code's
 * `{ "enabled": true }` (every command sandboxed: always).
 */
function sandboxMode(value: SettingsFileInput['sandbox']): SandboxMode | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  const enabled = typeof value === 'boolean' ? value : value.enabled;
  if (enabled === undefined) return undefined;
  return enabled ? 'always' : 'off';
}
