import type { PromptCommand } from './prompt-command';

const INIT_BODY = [
  'Write a first AGENTS.md for this project, at the workspace root: the instructions a coding',
  'agent needs to work here. Look at the project first (README, package or build files, the',
  'folder layout, CI config, existing CLAUDE.md, .cursorrules or similar files) with your tools.',
  'Then write AGENTS.md with: what the project is (one or two lines); how to build, test, lint and',
  'run one test; the layout of the code; conventions that are not obvious from the code (style,',
  'naming, error handling, commit messages). Keep it short and specific to this project: no',
  'generic advice. If AGENTS.md already exists, suggest improvements to it instead of replacing it.',
  '$ARGUMENTS',
].join('\n');

/** `/init`: the model writes a first AGENTS.md, through the usual approvals. */
export const INIT_COMMAND: PromptCommand = {
  kind: 'command',
  name: 'init',
  description:
    'write a first AGENTS.md from the project (the model does it; you approve the write)',
  argumentHint: '[what to stress]',
  argumentNames: [],
  allowedTools: [],
  disallowedTools: [],
  modelInvocable: false,
  userInvocable: true,
  body: INIT_BODY,
  bodyLine: 1,
  file: '(built in)',
  dir: '',
  origin: 'built-in',
};

export const BUILT_IN_COMMANDS: readonly PromptCommand[] = [INIT_COMMAND];
