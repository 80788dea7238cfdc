import type { CommandHookSettings } from '../../hooks/hook-settings';

/** A kind of subagent the `agent` tool can start (`subagent_type`). */
export interface AgentType {
  /** `general-purpose`, `explore`, or a definition's `name`. */
  name: string;
  /** When to use it: the `agent` tool lists it for the model. */
  description: string;
  /** tick's names of the tools it may use; undefined: every tool of the session but `agent`. */
  tools?: string[];
  /** tick's names of tools it may not use (applied before `tools`). */
  disallowedTools: string[];
  /** The model it runs on; undefined: the session's (or `agents.model`). */
  model?: string;
  /** The built-in explore type: `agents.exploreModel`, if set, is its model. */
  exploreModel?: boolean;
  /** Its system prompt (a definition's body); undefined: tick's own, as for general-purpose. */
  prompt?: string;
  /** bash runs only commands tick reads as read-only; anything else is denied, never asked. */
  readOnlyBash?: boolean;
  /** The project's instruction files reach it (explore skips them, as Claude Code's Explore does). */
  instructions: boolean;
  /** Hooks that run only inside it (its frontmatter's `hooks`). */
  hooks?: CommandHookSettings;
  /** Model requests it may make (`maxTurns`); undefined: agents.maxTurns. */
  maxTurns?: number;
  /** Where it was defined (undefined for the built-in ones). */
  file?: string;
  origin: 'built-in' | 'project' | 'user';
}

/** What tick's subagent host needs to know of the types (the `agent` tool and the child loop). */
export interface AgentTypeCatalog {
  /** Every type, built-in ones first. */
  list(): readonly AgentType[];
  /** The type a `subagent_type` names (case does not matter); undefined when none. */
  find(name: string): AgentType | undefined;
}

export function agentTypeCatalog(types: readonly AgentType[]): AgentTypeCatalog {
  return {
    list: () => types,
    find: (name) => {
      const wanted = name.trim().toLowerCase();
      return types.find((type) => type.name.toLowerCase() === wanted);
    },
  };
}
