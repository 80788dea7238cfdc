import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { loadExtensions, modelSkills, type Extensions } from '../extensions/load-extensions';
import {
  cutNotice,
  LATER_BUDGET_CHARS,
  renderInstructions,
} from '../extensions/instructions/render';
import { agentTool } from '../tools/agent';
import { toolNaming } from '../tools/registry';
import { skillTool } from '../tools/skill';
import { PromptGrants } from './prompt-grants';
import type { PlanParts } from './wire-plan';
import type { PolicyParts } from './wire-policy';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface ExtensionParts {
  /** Instruction files, commands, skills and agent types of the user's setup. */
  extensions: Extensions;
  /** A command's or skill's `allowed-tools`, held until the user's prompt ends. */
  grants: PromptGrants;
}

type Needs = Setup &
  Pick<SessionParts, 'cwd' | 'hooks' | 'report' | 'compacted'> &
  Pick<PlanParts, 'tools'> &
  Pick<PolicyParts, 'policy'>;

/**
 * The user's Claude Code (or tick) setup: instruction files (the start-up ones go into the
 * system prompt; a subfolder's come with the first read or edit of a file there, beside
 * the tool's result), slash commands and skills (the `skill` tool when there are skills),
 * and agent types (the `agent` tool lists them). Each problem in those files is a notice.
 */
export const extensionsStep: WiringStep<Needs, ExtensionParts> = {
  name: 'extensions',
  wire: async ({ config, cwd, hooks, report, tools, policy, compacted }) => {
    const naming = [...toolNaming(tools), { name: 'skill', claudeNames: ['Skill'] }];
    const extensions = await loadExtensions({
      cwd,
      home: homedir(),
      tickHome: config.home,
      naming,
    });
    for (const notice of extensions.notices)
      report({ type: 'error', message: notice, fatal: false });
    const skills = modelSkills(extensions.commands);
    if (skills.length)
      tools.skill = skillTool(extensions.commands.filter((c) => c.kind === 'skill'));
    if (tools.agent) tools.agent = agentTool(extensions.agentTypes.list());
    // A file read or edited in a subfolder brings that folder's instruction files (once).
    hooks.on('PostToolUse', async ({ access }) => {
      if (access.kind !== 'read' && access.kind !== 'write') return {};
      const files = (access.paths ?? []).filter((path) => !isFolder(path));
      const loaded = [];
      for (const file of files) loaded.push(...(await extensions.instructions.forPath(file)));
      if (!loaded.length) return {};
      const rendered = renderInstructions(loaded, cwd, LATER_BUDGET_CHARS);
      for (const cut of rendered.cuts) {
        report({ type: 'error', message: cutNotice(cut, cwd), fatal: false });
      }
      return { context: rendered.text };
    });
    // The subfolders' files left the history with the compaction: they come again when needed.
    compacted.add(() => extensions.instructions.forgetSubfolders());
    return { extensions, grants: new PromptGrants(policy) };
  },
};

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
