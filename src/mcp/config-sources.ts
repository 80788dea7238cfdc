/**
 * Every configured MCP server, merged with the usual precedence (lowest first): user
 * settings `mcpServers`, the project's `.mcp.json`, project settings, local settings, then
 * each `--mcp-config` in order. A server named again replaces the earlier entry whole.
 * `.mcp.json` servers are the project's, written by whoever commits to it: each asks once
 * before it first starts, and the answer is kept as Claude Code keeps it
 * (`enableAllProjectMcpServers`, `enabledMcpjsonServers`, `disabledMcpjsonServers`).
 */
import type {
  McpConfig,
  McpScope,
  McpServerEntry,
  McpSettings,
  ProjectApproval,
} from './config-types';
import { parseServerEntry } from './config-entry';
import { parseMcpJson, readMcpConfigFile, type RawServers } from './config-file';
import type { ExpandContext } from './expand';
import { mcpJsonPath } from './paths';

/** The project-server answers kept in settings files (merged across them). */
export interface ProjectChoices {
  enableAll?: boolean;
  enabled: readonly string[];
  disabled: readonly string[];
}

/** A settings file's `mcpServers`, as written. */
export interface SettingsServers {
  scope: Extract<McpScope, 'user' | 'project' | 'local'>;
  file: string;
  servers: Record<string, unknown>;
}

export interface McpSourcesInput {
  workspace: string;
  env: NodeJS.ProcessEnv;
  settingsServers: readonly SettingsServers[];
  choices: ProjectChoices;
  /** `--mcp-config` values: files, or JSON text. */
  flagConfigs: readonly string[];
  /** `--strict-mcp-config`: only the servers of `--mcp-config`. */
  strict: boolean;
  settings: McpSettings;
}

export function projectApproval(name: string, choices: ProjectChoices): ProjectApproval {
  if (choices.disabled.includes(name)) return 'rejected';
  if (choices.enableAll || choices.enabled.includes(name)) return 'approved';
  return 'pending';
}

interface Layer {
  scope: McpScope;
  file: string;
  raw: RawServers;
}

export async function loadMcpConfig(input: McpSourcesInput): Promise<McpConfig> {
  const warnings: string[] = [];
  const layers: Layer[] = [];
  const settingsLayer = (scope: SettingsServers['scope']) =>
    input.settingsServers
      .filter((layer) => layer.scope === scope)
      .map((layer): Layer => ({
        scope,
        file: layer.file,
        raw: { servers: layer.servers, container: 'mcpServers', warnings: [] },
      }));
  if (!input.strict) {
    layers.push(...settingsLayer('user'));
    const file = mcpJsonPath(input.workspace);
    const read = await readMcpConfigFile(file);
    if (read.ok === true) layers.push({ scope: 'mcpjson', file, raw: read.raw });
    else if (read.ok === false) warnings.push(`${read.error} (its servers are not started)`);
    layers.push(...settingsLayer('project'), ...settingsLayer('local'));
  }
  for (const value of input.flagConfigs) {
    const inline = value.trimStart().startsWith('{');
    const file = inline ? '--mcp-config' : value;
    const read = inline ? parseMcpJson(value, file) : await readMcpConfigFile(value);
    if (read.ok === true) layers.push({ scope: 'flag', file, raw: read.raw });
    else if (read.ok === false) warnings.push(read.error);
    else warnings.push(`--mcp-config: no such file: ${value}`);
  }

  const context: ExpandContext = { env: input.env, workspace: input.workspace };
  const byName = new Map<string, McpServerEntry>();
  for (const layer of layers) {
    warnings.push(...layer.raw.warnings);
    for (const [name, raw] of Object.entries(layer.raw.servers)) {
      const source = {
        scope: layer.scope,
        file: layer.file,
        where: `${layer.raw.container}.${name}`,
      };
      const parsed = parseServerEntry(name, raw, source, context);
      warnings.push(...parsed.warnings);
      byName.delete(name);
      if (!parsed.ok) {
        byName.set(name, {
          ok: false,
          name,
          scope: layer.scope,
          file: layer.file,
          error: parsed.error,
        });
        continue;
      }
      const approval =
        layer.scope === 'mcpjson' ? projectApproval(name, input.choices) : 'approved';
      byName.set(name, {
        ok: true,
        config: parsed.config,
        approval,
        ...(parsed.disabled ? { disabled: parsed.disabled } : {}),
      });
    }
  }
  return { servers: [...byName.values()], settings: input.settings, warnings };
}
