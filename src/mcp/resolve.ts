/**
 * The MCP part of the resolved config: which sources exist (settings files' `mcpServers`,
 * `.mcp.json`, `--mcp-config`) and tick's MCP settings. Nothing of src/mcp/ beyond this
 * file loads when no server is configured anywhere.
 */
import { existsSync } from 'node:fs';
import { ConfigError } from '../config/errors';
import type { LoadedSettings, Settings } from '../config/settings';
import { MCP_DEFAULTS, type McpConfig, type McpSettings } from './config-types';
import { mcpJsonPath } from './paths';

export interface McpFlags {
  mcpConfig?: string[];
  strictMcpConfig?: boolean;
}

const SCOPES = ['user', 'project', 'local'] as const;

function envMilliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1)
    throw new ConfigError(`${name} must be a positive integer (milliseconds), got '${raw}'`);
  return value;
}

/** tick's `mcp.*` settings, with Claude Code's MCP_TIMEOUT and MCP_TOOL_TIMEOUT above them. */
export function mcpSettings(merged: Settings, env: NodeJS.ProcessEnv): McpSettings {
  const timeoutMs =
    envMilliseconds(env, 'MCP_TIMEOUT') ?? merged.mcpTimeoutMs ?? MCP_DEFAULTS.timeoutMs;
  return {
    timeoutMs,
    toolTimeoutMs: envMilliseconds(env, 'MCP_TOOL_TIMEOUT') ?? merged.mcpToolTimeoutMs ?? timeoutMs,
    toolSearch: merged.mcpToolSearch ?? MCP_DEFAULTS.toolSearch,
    toolSearchMaxTools: merged.mcpToolSearchMaxTools ?? MCP_DEFAULTS.toolSearchMaxTools,
    toolSearchMaxShare: merged.mcpToolSearchMaxShare ?? MCP_DEFAULTS.toolSearchMaxShare,
  };
}

/**
 * The servers configured for this workspace, or undefined when there are none anywhere.
 * `layers` are the settings files in precedence order, `paths` says which is which.
 */
export async function resolveMcpConfig(input: {
  workspace: string;
  env: NodeJS.ProcessEnv;
  layers: readonly LoadedSettings[];
  merged: Settings;
  paths: Record<(typeof SCOPES)[number], string>;
  flags: McpFlags;
}): Promise<McpConfig | undefined> {
  const { layers, merged, flags, workspace, env } = input;
  const settingsServers = layers.flatMap((layer) => {
    const scope = SCOPES.find((name) => input.paths[name] === layer.path) ?? 'project';
    const servers = layer.settings.mcpServers;
    return servers ? [{ scope, file: layer.path, servers }] : [];
  });
  const flagConfigs = flags.mcpConfig ?? [];
  if (!settingsServers.length && !flagConfigs.length && !existsSync(mcpJsonPath(workspace)))
    return undefined;
  const { loadMcpConfig } = await import('./config-sources');
  return loadMcpConfig({
    workspace,
    env,
    settingsServers,
    choices: {
      ...(merged.enableAllProjectMcpServers !== undefined
        ? { enableAll: merged.enableAllProjectMcpServers }
        : {}),
      enabled: merged.enabledMcpjsonServers,
      disabled: merged.disabledMcpjsonServers,
    },
    flagConfigs,
    strict: flags.strictMcpConfig ?? false,
    settings: mcpSettings(merged, env),
  });
}
