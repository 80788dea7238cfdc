/**
 * The agent types of a session: the built-in ones, then definitions (`*.md`, subfolders
 * too) from `$TICK_HOME/agents/`, then the project's `.claude/agents/` and `.tick/agents/`
 * from the git root down to the workspace. A later definition of a name replaces an
 * earlier one, so the project's override the user's, and either overrides a built-in type.
 */
import { join } from 'node:path';
import { listTree } from '../commands/discover-commands';
import type { ToolNaming } from '../tool-names';
import type { WarningList } from '../warnings';
import { agentTypeCatalog, type AgentType, type AgentTypeCatalog } from './agent-type';
import { readAgentFile } from './agent-file';
import { BUILT_IN_AGENT_TYPES } from './built-in';

const AGENT_FOLDERS = ['.claude/agents', '.tick/agents'];

export interface DiscoverAgentsOptions {
  projectFolders: readonly string[];
  userFolder: string;
  naming: readonly ToolNaming[];
  warnings: WarningList;
}

export async function discoverAgentTypes(
  options: DiscoverAgentsOptions,
): Promise<AgentTypeCatalog> {
  const byName = new Map<string, AgentType>();
  for (const type of BUILT_IN_AGENT_TYPES) byName.set(type.name.toLowerCase(), type);
  const sources = [
    { folders: [join(options.userFolder, 'agents')], origin: 'user' as const },
    ...options.projectFolders.map((root) => ({
      folders: AGENT_FOLDERS.map((folder) => join(root, folder)),
      origin: 'project' as const,
    })),
  ];
  for (const { folders, origin } of sources) {
    for (const folder of folders) {
      for (const file of (await listTree(folder)).filter((path) => path.endsWith('.md'))) {
        const type = await readAgentFile(file, { origin, ...options });
        if (!type) continue;
        const key = type.name.toLowerCase();
        const previous = byName.get(key);
        if (previous?.file) {
          options.warnings.add({
            file: previous.file,
            message: `agent ${type.name} is also defined by ${file}, which is used`,
          });
        }
        byName.set(key, type);
      }
    }
  }
  return agentTypeCatalog([...byName.values()]);
}
