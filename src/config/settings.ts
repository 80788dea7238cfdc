/**
 * Settings files: user `$TICK_HOME/settings.json`, project `<cwd>/.tick/settings.json`
 * and local `<cwd>/.tick/settings.local.json` (later wins; rule lists, directories and
 * hooks are concatenated). A malformed file is a SettingsError with a one-line message
 * naming the file and the key; unknown keys are ignored with a warning.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PermissionMode, SandboxMode } from '../permissions/types';
import type { PermissionRules } from './types';
import type { CommandHookSettings } from '../hooks/hook-settings';
import { mergeCommandHookSettings } from '../hooks/merge-command-hooks';
import { ConfigError, SettingsError } from './errors';
import { nestedDeeperThan, parseJsonWithLocation } from './json-location';

export { ConfigError, SettingsError };

/** One file's settings, flattened (`model.idleTimeoutMs` and `idleTimeoutMs` are one setting). */
export interface Settings {
  model?: string;
  baseURL?: string;
  idleTimeoutMs?: number;
  maxRetries?: number;
  maxTurns?: number;
  reminderRounds?: number;
  contextWindow?: number;
  /** `model.recoverToolCalls`: turn tool calls written as text into calls (default true). */
  recoverToolCalls?: boolean;
  compactThreshold?: number;
  permissionMode?: PermissionMode;
  permissions: PermissionRules;
  /** As written (relative paths and `~` are resolved by resolveConfig). */
  additionalDirectories: string[];
  hooks: CommandHookSettings;
  sandbox?: SandboxMode;
  /** Claude Code's `permissions.disableBypassPermissionsMode: "disable"`. */
  disableBypassPermissionsMode?: boolean;
  /** Plan with the task tools instead of todo_write. */
  tasks?: boolean;
  /** `agents.maxTurns`: model requests per subagent. */
  agentsMaxTurns?: number;
  /** `agents.maxParallel`: subagents running at once. */
  agentsMaxParallel?: number;
  /** `agents.model`: the model subagents use (default: the session's). */
  agentsModel?: string;
  /** `notifications.bell`: ring the terminal's bell when tick waits for you. */
  notifyBell?: boolean;
  /** `notifications.desktop`: a desktop notification (OSC 9 / OSC 777) when tick waits. */
  notifyDesktop?: boolean;
  /** `notifications.idleMs`: an idle prompt fires the Notification hook after this long. */
  notifyIdleMs?: number;
  /** `mcpServers` as written (each entry is read by src/mcp/, one file at a time). */
  mcpServers?: Record<string, unknown>;
  /** Claude Code's answers for the project's `.mcp.json` servers. */
  enableAllProjectMcpServers?: boolean;
  enabledMcpjsonServers: string[];
  disabledMcpjsonServers: string[];
  /** `mcp.*`: tick's own MCP settings. */
  mcpTimeoutMs?: number;
  mcpToolTimeoutMs?: number;
  mcpToolSearch?: 'auto' | 'always' | 'never';
  mcpToolSearchMaxTools?: number;
  mcpToolSearchMaxShare?: number;
  /** `agents.exploreModel`: the model the read-only explore agent type uses. */
  agentsExploreModel?: string;
  /** `checkpoints.enabled`, `.maxFileBytes`, `.maxFiles`, `.watch`. */
  checkpointsEnabled?: boolean;
  checkpointsMaxFileBytes?: number;
  checkpointsMaxFiles?: number;
  checkpointsWatch?: boolean;
}

export interface LoadedSettings {
  path: string;
  settings: Settings;
  /**
   * What was ignored, one line each naming the file: unknown keys, rules that cannot
   * apply (`warning in permissions.deny[0] "WebFetch": ...`), hooks tick does not run.
   */
  warnings: string[];
  /** Where `/path` in this file's rules starts (the project root; TICK_HOME for user settings). */
  sourceDir?: string;
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
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
  };
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
  if (nestedDeeperThan(parsed.value, MAX_SETTINGS_DEPTH)) {
    throw new SettingsError(
      `Error in ${path}: nested more than ${MAX_SETTINGS_DEPTH} levels deep; a settings file needs far fewer (is this one damaged?)`,
      path,
    );
  }
  return parsed.value;
}

/** Far deeper than any settings file (hooks nest 5 levels); deeper ones would overflow the checks. */
const MAX_SETTINGS_DEPTH = 64;

/**
 * Validates raw settings; unknown keys are dropped and reported as warnings. The schema
 * (and zod) load only now, so a start without settings files never loads them.
 */
export async function validateSettings(
  path: string,
  raw: unknown,
  sourceDir?: string,
): Promise<LoadedSettings> {
  const { validateSettingsNow } = await import('./settings-validate');
  try {
    return validateSettingsNow(path, raw, sourceDir);
  } catch (error) {
    // A file too large for the checks' stack: said naming the file, never a bare RangeError.
    if (!(error instanceof RangeError)) throw error;
    throw new SettingsError(`Error in ${path}: too large to check (${error.message})`, path);
  }
}

/** Loads one file; undefined when it does not exist. */
export async function loadSettingsFile(
  path: string,
  sourceDir?: string,
): Promise<LoadedSettings | undefined> {
  const raw = readRawSettings(path);
  return raw === undefined ? undefined : validateSettings(path, raw, sourceDir);
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
      'contextWindow',
      'recoverToolCalls',
      'compactThreshold',
      'permissionMode',
      'sandbox',
      'disableBypassPermissionsMode',
      'tasks',
      'agentsMaxTurns',
      'agentsMaxParallel',
      'agentsModel',
      'notifyBell',
      'notifyDesktop',
      'notifyIdleMs',
      'enableAllProjectMcpServers',
      'mcpTimeoutMs',
      'mcpToolTimeoutMs',
      'mcpToolSearch',
      'mcpToolSearchMaxTools',
      'mcpToolSearchMaxShare',
      'agentsExploreModel',
      'checkpointsEnabled',
      'checkpointsMaxFileBytes',
      'checkpointsMaxFiles',
      'checkpointsWatch',
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
    merged.enabledMcpjsonServers.push(...layer.enabledMcpjsonServers);
    merged.disabledMcpjsonServers.push(...layer.disabledMcpjsonServers);
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
export async function loadSettings(cwd: string, home: string): Promise<AllSettings> {
  const paths = settingsPaths(cwd, home);
  // A workspace whose .tick is TICK_HOME must not load (and run the hooks of) one file twice.
  const layers: LoadedSettings[] = [];
  // In order, so the first bad file (in precedence order) is the one reported. `/path` in
  // a rule starts at the project root, or at TICK_HOME for user settings (Claude Code's ~/.claude).
  const sourceDirs = new Map([
    [paths.user, home],
    [paths.project, cwd],
    [paths.local, cwd],
  ]);
  for (const path of new Set([paths.user, paths.project, paths.local])) {
    const layer = await loadSettingsFile(path, sourceDirs.get(path));
    if (layer) layers.push(layer);
  }
  return {
    layers,
    merged: mergeSettings(layers.map((layer) => layer.settings)),
    warnings: layers.flatMap((layer) => layer.warnings),
  };
}
