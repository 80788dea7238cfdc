import type { PermissionMode } from '../permissions/types';
import type { PlanSystem } from '../tools/registry';

export const PLANNING_RULE =
  'Before starting any multi-step task, use todo_write to plan your steps. Update status as you go.';

/** The planning rule when the task tools are offered instead of todo_write. */
export const TASKS_PLANNING_RULE =
  'Before starting any multi-step task, plan it as a task list: task_create for each step ' +
  '(blockedBy for steps that must wait for others). Use task_update to set a task in_progress ' +
  'before you start it and completed as soon as it is done; task_list shows the list (which ' +
  'other agents may share and which outlives this conversation), task_get one task in full.';

export interface PromptInputs {
  cwd: string;
  toolNames: string[];
  mode: PermissionMode;
  instructions: string;
  /** The skills' names and descriptions (their bodies load with the skill tool). */
  skills?: string;
  /** Which plan tools are offered (todo_write by default). */
  plan?: PlanSystem;
}

/** The system prompt; rebuilt each request so a mode change reaches the model at once. */
export function buildSystemPrompt({
  cwd,
  toolNames,
  mode,
  instructions,
  skills,
  plan = 'todos',
}: PromptInputs): string {
  const tasks = plan === 'tasks';
  const lines = [
    'You are tick, a coding agent working in the terminal of a developer.',
    `The workspace is ${cwd}; paths are relative to it. Work inside it.`,
    `Tools: ${toolNames.join(', ')}. Use them to inspect and change the project; prefer edit_file for changes to existing files.`,
    tasks ? TASKS_PLANNING_RULE : PLANNING_RULE,
    `Mark one ${tasks ? 'task' : 'item'} in_progress before you start it and completed as soon as it is done. Keep the user informed briefly; answer in Markdown.`,
  ];
  if (mode === 'plan') {
    lines.push(
      `You are in plan mode: do not change files or run commands that change anything. Read, explore and present a plan with ${tasks ? 'task_create' : 'todo_write'}; the user will switch modes to let you carry it out.`,
    );
  }
  if (instructions) lines.push('', '# Project instructions', '', instructions);
  if (skills) lines.push('', skills);
  return lines.join('\n');
}
