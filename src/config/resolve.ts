/**
 * One resolved Config from defaults < user < project < local settings < env < flags.
 * Every bad value is a ConfigError with a one-line message naming where it came from.
 */
import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { AGENTS_DEFAULTS, CHECKPOINTS_DEFAULTS, type Config, type PermissionRules } from './types';
import type { RuleSourceInput } from '../permissions/policy-types';
import type { PermissionMode, SandboxMode } from '../permissions/types';
import { PERMISSION_MODES } from '../permissions/types';
import { ConfigError } from './errors';
import { loadSettings, settingsPaths } from './settings';
import { ruleSyntaxError, splitRuleList } from './rule-list';
import { isSafeListId } from '../tasks/list-id';
import { resolveMcpConfig } from '../mcp/resolve';

/** The command-line flags that shape the config (parsed by the CLI, validated here). */
export interface CliFlags {
  model?: string;
  cwd?: string;
  addDir?: string[];
  permissionMode?: string;
  /** Rule lists as typed: `["bash(git status) edit_file", "read_file"]`. */
  allowedTools?: string[];
  disallowedTools?: string[];
  maxTurns?: number;
  sandbox?: SandboxMode;
  /** --tasks: plan with the task tools. */
  tasks?: boolean;
  /** --mcp-config FILE (or JSON), repeatable: MCP servers for this run. */
  mcpConfig?: string[];
  /** --strict-mcp-config: only the servers of --mcp-config. */
  strictMcpConfig?: boolean;
}

/** Used when an endpoint is configured but no model is named (OpenAI's small default). */
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** The model name shown when no endpoint is configured and the built-in demo runs. */
export const DEMO_MODEL = 'demo';

export const CONFIG_DEFAULTS = {
  idleTimeoutMs: 120_000,
  maxRetries: 4,
  reminderRounds: 3,
  compactThreshold: 0.8,
  permissionMode: 'default' as PermissionMode,
};

/** An env value, with empty strings meaning "not set". */
function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function envInteger(env: NodeJS.ProcessEnv, name: string, min: 0 | 1): number | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    const kind = min === 1 ? 'a positive' : 'a non-negative';
    throw new ConfigError(`${name} must be ${kind} integer, got '${env[name]}'`);
  }
  return value;
}

function expandHome(path: string, env: NodeJS.ProcessEnv): string {
  const home = envValue(env, 'HOME') ?? homedir();
  if (path === '~') return home;
  return path.startsWith('~/') ? join(home, path.slice(2)) : path;
}

/** The real path of an existing directory; `what` names the source in the error. */
function realDirectory(path: string, what: string): string {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new ConfigError(`${what}: no such directory: ${path}`);
  }
  if (!statSync(real).isDirectory()) throw new ConfigError(`${what}: not a directory: ${path}`);
  return real;
}

function flagRules(values: string[] | undefined, flag: string): string[] {
  const rules = (values ?? []).flatMap(splitRuleList);
  for (const rule of rules) {
    const problem = ruleSyntaxError(rule);
    if (problem) throw new ConfigError(`${flag}: ${problem}`);
  }
  return rules;
}

function permissionModeFlag(flag: string | undefined): PermissionMode | undefined {
  if (flag === undefined) return undefined;
  if (!(PERMISSION_MODES as readonly string[]).includes(flag)) {
    throw new ConfigError(
      `--permission-mode must be one of ${PERMISSION_MODES.join(', ')}, got '${flag}'`,
    );
  }
  return flag as PermissionMode;
}

function maxTurnsFlag(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigError(`--max-turns must be a positive integer, got '${value}'`);
  }
  return value;
}

/** A 1/0 switch (TICK_ENABLE_TASKS, TICK_CHECKPOINTS): 1 or true, 0 or false. */
function envSwitch(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = envValue(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0, got '${env[name]}'`);
}

function taskListIdEnv(env: NodeJS.ProcessEnv): string | undefined {
  const id = envValue(env, 'TICK_TASK_LIST_ID');
  if (id !== undefined && !isSafeListId(id))
    throw new ConfigError(
      `TICK_TASK_LIST_ID must be letters, digits, '.', '_' or '-' (at most 128, not starting with '.'), got '${id}'`,
    );
  return id;
}

/**
 * Which plan tools: TICK_ENABLE_TASKS=0 forces todo_write (and says so when --tasks asked
 * otherwise); --tasks, TICK_ENABLE_TASKS=1 or the setting "tasks" choose otherwise.
 */
function tasksSwitch(
  flag: boolean | undefined,
  env: boolean | undefined,
  setting: boolean | undefined,
  warnings: string[],
): boolean | undefined {
  if (env === false) {
    if (flag) warnings.push('--tasks is ignored: TICK_ENABLE_TASKS=0 forces todo_write');
    return false;
  }
  if (flag || env) return true;
  return setting;
}

function modelFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new ConfigError('--model must not be empty');
  return value.trim();
}

/**
 * Resolves flags, env and settings files into a Config. `cwd` is the directory tick
 * was started in; `--cwd` and `--add-dir` are relative to it. Rejects with ConfigError
 * (SettingsError for a bad settings file). Async: zod loads only when a settings file exists.
 */
export async function resolveConfig(
  flags: CliFlags,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<Config> {
  const startDir = resolve(cwd);
  const workspace = flags.cwd
    ? realDirectory(resolve(startDir, expandHome(flags.cwd, env)), '--cwd')
    : realDirectory(startDir, 'working directory');
  const tickHome = envValue(env, 'TICK_HOME');
  const home = tickHome
    ? resolve(startDir, expandHome(tickHome, env))
    : join(expandHome('~', env), '.tick');

  // Validate flags and env before reading files, so the first problem reported is the cheapest.
  const model = modelFlag(flags.model) ?? envValue(env, 'TICK_MODEL');
  const mode = permissionModeFlag(flags.permissionMode);
  const maxTurns = maxTurnsFlag(flags.maxTurns);
  const allowed = flagRules(flags.allowedTools, '--allowedTools');
  const disallowed = flagRules(flags.disallowedTools, '--disallowedTools');
  const idleTimeoutMs = envInteger(env, 'TICK_IDLE_TIMEOUT_MS', 1);
  const maxRetries = envInteger(env, 'TICK_MAX_RETRIES', 0);
  const contextWindow = envInteger(env, 'TICK_CONTEXT_WINDOW', 1);
  const demoPaceMs = envInteger(env, 'TICK_DEMO_PACE_MS', 0);
  const tasksEnv = envSwitch(env, 'TICK_ENABLE_TASKS');
  const checkpointsEnv = envSwitch(env, 'TICK_CHECKPOINTS');
  const recoverEnv = envSwitch(env, 'TICK_RECOVER_TOOL_CALLS');
  const taskListId = taskListIdEnv(env);

  const loaded = await loadSettings(workspace, home);
  const { layers, merged } = loaded;
  const warnings = [...loaded.warnings];
  const tasks = tasksSwitch(flags.tasks, tasksEnv, merged.tasks, warnings);

  const addDirs: string[] = [];
  const addDir = (dir: string): void => {
    if (dir !== workspace && !addDirs.includes(dir)) addDirs.push(dir);
  };
  // As in Claude Code, a folder of additionalDirectories that is not there is a warning.
  for (const layer of layers) {
    layer.settings.additionalDirectories.forEach((dir, index) => {
      try {
        addDir(realDirectory(resolve(workspace, expandHome(dir, env)), 'folder'));
      } catch (error) {
        const why = (error as Error).message.replace(/^folder: /, '');
        warnings.push(
          `${layer.path}: warning in permissions.additionalDirectories[${index}] ${JSON.stringify(dir)}: ${why} (ignored)`,
        );
      }
    });
  }
  for (const dir of flags.addDir ?? []) {
    addDir(realDirectory(resolve(startDir, expandHome(dir, env)), '--add-dir'));
  }
  if (allowed.length || disallowed.length) {
    const { ruleWarnings } = await import('./rule-warnings');
    const flagged = { allow: allowed, ask: [], deny: disallowed };
    warnings.push(...ruleWarnings('--allowedTools/--disallowedTools', flagged, undefined));
  }

  const baseURL = envValue(env, 'OPENAI_BASE_URL') ?? merged.baseURL;
  const apiKey = envValue(env, 'OPENAI_API_KEY');
  const window = contextWindow ?? merged.contextWindow;
  const demo = !envValue(env, 'OPENAI_BASE_URL') && !apiKey && !merged.baseURL;
  const permissions: PermissionRules = {
    allow: [...merged.permissions.allow, ...allowed],
    ask: [...merged.permissions.ask],
    deny: [...merged.permissions.deny, ...disallowed],
  };
  const sourceNames = ['user', 'project', 'local'] as const;
  const paths = settingsPaths(workspace, home);
  const ruleSources: RuleSourceInput[] = layers.map((layer) => ({
    source: sourceNames.find((name) => paths[name] === layer.path) ?? 'project',
    rules: layer.settings.permissions,
    file: layer.path,
    ...(layer.sourceDir ? { sourceDir: layer.sourceDir } : {}),
  }));
  if (allowed.length || disallowed.length) {
    ruleSources.push({
      source: 'flag',
      rules: { allow: allowed, deny: disallowed },
      sourceDir: workspace,
    });
  }
  const mcp = await resolveMcpConfig({
    workspace,
    env,
    layers,
    merged,
    paths,
    flags: {
      ...(flags.mcpConfig ? { mcpConfig: flags.mcpConfig } : {}),
      ...(flags.strictMcpConfig ? { strictMcpConfig: true } : {}),
    },
  });
  // A server entry that cannot be used is one line naming its file and entry; the rest start.
  if (mcp) warnings.push(...mcp.warnings, ...mcp.servers.flatMap((s) => (s.ok ? [] : [s.error])));
  let permissionMode = mode ?? merged.permissionMode ?? CONFIG_DEFAULTS.permissionMode;
  if (permissionMode === 'bypassPermissions' && merged.disableBypassPermissionsMode) {
    warnings.push(
      'bypassPermissions is disabled by settings (permissions.disableBypassPermissionsMode); the default mode applies',
    );
    permissionMode = 'default';
  }

  return {
    cwd: workspace,
    addDirs,
    home,
    model: model ?? merged.model ?? (demo ? DEMO_MODEL : DEFAULT_MODEL),
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
    demo,
    ...(demo && demoPaceMs !== undefined ? { demoPaceMs } : {}),
    idleTimeoutMs: idleTimeoutMs ?? merged.idleTimeoutMs ?? CONFIG_DEFAULTS.idleTimeoutMs,
    maxRetries: maxRetries ?? merged.maxRetries ?? CONFIG_DEFAULTS.maxRetries,
    ...((maxTurns ?? merged.maxTurns) ? { maxTurns: maxTurns ?? merged.maxTurns } : {}),
    reminderRounds: merged.reminderRounds ?? CONFIG_DEFAULTS.reminderRounds,
    ...(window !== undefined ? { contextWindow: window } : {}),
    recoverToolCalls: recoverEnv ?? merged.recoverToolCalls ?? true,
    compactThreshold: merged.compactThreshold ?? CONFIG_DEFAULTS.compactThreshold,
    permissionMode,
    permissions,
    ruleSources,
    ...(merged.disableBypassPermissionsMode ? { disableBypassPermissionsMode: true } : {}),
    hooks: merged.hooks,
    sandbox: flags.sandbox ?? merged.sandbox ?? 'auto',
    ...(tasks === undefined ? {} : { tasks }),
    ...(taskListId ? { taskListId } : {}),
    notifications: {
      bell: merged.notifyBell ?? true,
      desktop: merged.notifyDesktop ?? true,
      ...(merged.notifyIdleMs ? { idleMs: merged.notifyIdleMs } : {}),
    },
    agents: {
      maxTurns: merged.agentsMaxTurns ?? AGENTS_DEFAULTS.maxTurns,
      maxParallel: merged.agentsMaxParallel ?? AGENTS_DEFAULTS.maxParallel,
      ...(merged.agentsModel ? { model: merged.agentsModel } : {}),
      ...(merged.agentsExploreModel ? { exploreModel: merged.agentsExploreModel } : {}),
    },
    checkpoints: {
      enabled: checkpointsEnv ?? merged.checkpointsEnabled ?? CHECKPOINTS_DEFAULTS.enabled,
      maxFileBytes: merged.checkpointsMaxFileBytes ?? CHECKPOINTS_DEFAULTS.maxFileBytes,
      maxFiles: merged.checkpointsMaxFiles ?? CHECKPOINTS_DEFAULTS.maxFiles,
      watch: merged.checkpointsWatch ?? CHECKPOINTS_DEFAULTS.watch,
    },
    ...(mcp ? { mcp } : {}),
    warnings,
  };
}
