import type { AgentType } from './agent-type';

/** The type a call without `subagent_type` gets: every tool, tick's own prompt. */
export const GENERAL_PURPOSE: AgentType = {
  name: 'general-purpose',
  description:
    'General-purpose agent for researching complex questions, searching for code and carrying ' +
    'out multi-step tasks. Use it when a piece of work needs both exploring and changing things.',
  disallowedTools: [],
  instructions: true,
  origin: 'built-in',
};

const EXPLORE_PROMPT = [
  "You are a read-only exploration agent working in a developer's repository.",
  'Find files, read code and answer questions about the codebase. You cannot change anything:',
  'you have read_file, glob and bash for read-only commands (ls, cat, grep, rg, find, git log,',
  'git show, git diff, ...); a command that would change a file or run a build is refused.',
  'Search widely first (glob, grep), then read what matters. Be as thorough as the task asks',
  '("quick", "medium" or "very thorough").',
  'End with a concise report: the answer, the paths (with line numbers where useful) and names',
  'you found, and what you could not find.',
].join('\n');

/** A read-only type for searching and reading: read_file, glob, read-only bash. */
export const EXPLORE: AgentType = {
  name: 'explore',
  description:
    'Fast read-only agent for exploring a codebase: finding files by pattern, searching code ' +
    'for keywords, answering questions about how things work. It cannot edit files or run ' +
    'builds. Say how thorough to be: "quick", "medium" or "very thorough".',
  tools: ['read_file', 'glob', 'bash'],
  disallowedTools: [],
  exploreModel: true,
  prompt: EXPLORE_PROMPT,
  readOnlyBash: true,
  instructions: false,
  origin: 'built-in',
};

export const BUILT_IN_AGENT_TYPES: readonly AgentType[] = [GENERAL_PURPOSE, EXPLORE];
