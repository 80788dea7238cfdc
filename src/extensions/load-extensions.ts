/**
 * Everything a user's Claude Code (or tick) setup brings to a session, read once at its
 * start: instruction files, slash commands, skills and agent types, and a warning for each
 * thing in those files tick could not use.
 */
import { projectFolders } from './locations';
import { discoverAgentTypes } from './agent-types/discover-agents';
import { agentTypeCatalog, type AgentTypeCatalog } from './agent-types/agent-type';
import { BUILT_IN_AGENT_TYPES } from './agent-types/built-in';
import { discoverPromptCommands } from './commands/discover-commands';
import type { PromptCommand } from './commands/prompt-command';
import { InstructionLoader } from './instructions/instruction-loader';
import { cutNotice, renderInstructions, STARTUP_BUDGET_CHARS } from './instructions/render';
import type { ToolNaming } from './tool-names';
import { formatWarning, WarningList, type ExtensionWarning } from './warnings';

export interface LoadExtensionsOptions {
  cwd: string;
  /** The user's home folder (`~`). */
  home: string;
  /** `$TICK_HOME`: the user's own instructions, commands, skills and agents. */
  tickHome: string;
  /** The session's tools (tick's, the skill tool's, any added at run time). */
  naming: readonly ToolNaming[];
}

export interface Extensions {
  instructions: InstructionLoader;
  /** The instruction files read at start-up, as the system prompt carries them. */
  startupInstructions: string;
  /** Commands and skills by name, for `/name` (and skills for the `skill` tool). */
  commands: readonly PromptCommand[];
  agentTypes: AgentTypeCatalog;
  /** Problems found in the files, each naming the file and line. */
  warnings: readonly ExtensionWarning[];
  /** The same as screen lines (paths relative to the workspace), cuts included. */
  notices: readonly string[];
}

export async function loadExtensions(options: LoadExtensionsOptions): Promise<Extensions> {
  const warnings = new WarningList();
  const folders = projectFolders(options.cwd, options.home);
  const instructions = new InstructionLoader({ ...options, warnings });
  const discovery = {
    projectFolders: folders,
    userFolder: options.tickHome,
    naming: options.naming,
    warnings,
  };
  // One after another, so the warnings come in the same order every time.
  // A fault in one kind (a bug, an unreadable folder) costs that kind only, never the session.
  const guarded = async <T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      warnings.add({ file: options.cwd, message: `${what} not loaded: ${message}` });
      return fallback;
    }
  };
  const startup = await guarded('instruction files', () => instructions.startup(), []);
  const commands = await guarded(
    'commands and skills',
    () => discoverPromptCommands(discovery),
    [],
  );
  const agentTypes = await guarded(
    'agent definitions',
    () => discoverAgentTypes(discovery),
    agentTypeCatalog(BUILT_IN_AGENT_TYPES),
  );
  const rendered = renderInstructions(startup, options.cwd, STARTUP_BUDGET_CHARS);
  return {
    instructions,
    startupInstructions: rendered.text,
    commands,
    agentTypes,
    warnings: warnings.items,
    notices: [
      ...warnings.items.map((warning) => formatWarning(warning, options.cwd)),
      ...rendered.cuts.map((cut) => cutNotice(cut, options.cwd)),
    ],
  };
}

/** The skills the model may load itself, for the system prompt's list. */
export function modelSkills(commands: readonly PromptCommand[]): PromptCommand[] {
  return commands.filter((command) => command.kind === 'skill' && command.modelInvocable);
}
