import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PermissionMode } from '../permissions/types';

export const PLANNING_RULE =
  'Before starting any multi-step task, use todo_write to plan your steps. Update status as you go.';

const INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'];
/** Project instructions past this size are cut: they are context, not a dump. */
const MAX_INSTRUCTIONS_CHARS = 40_000;

export interface PromptInputs {
  cwd: string;
  toolNames: string[];
  mode: PermissionMode;
  instructions: string;
}

/** The system prompt; rebuilt each request so a mode change reaches the model at once. */
export function buildSystemPrompt({ cwd, toolNames, mode, instructions }: PromptInputs): string {
  const lines = [
    'You are tick, a coding agent working in the terminal of a developer.',
    `The workspace is ${cwd}; paths are relative to it. Work inside it.`,
    `Tools: ${toolNames.join(', ')}. Use them to inspect and change the project; prefer edit_file for changes to existing files.`,
    PLANNING_RULE,
    'Mark one item in_progress before you start it and completed as soon as it is done. Keep the user informed briefly; answer in Markdown.',
  ];
  if (mode === 'plan') {
    lines.push(
      'You are in plan mode: do not change files or run commands that change anything. Read, explore and present a plan with todo_write; the user will switch modes to let you carry it out.',
    );
  }
  if (instructions) lines.push('', '# Project instructions', '', instructions);
  return lines.join('\n');
}

/** AGENTS.md and CLAUDE.md from the workspace root, when present. */
export async function loadProjectInstructions(cwd: string): Promise<string> {
  const parts: string[] = [];
  for (const name of INSTRUCTION_FILES) {
    try {
      const text = await readFile(join(cwd, name), 'utf8');
      if (text.trim()) parts.push(`## ${name}\n\n${text.trim()}`);
    } catch {
      // Absent or unreadable: nothing to add.
    }
  }
  const joined = parts.join('\n\n');
  return joined.length > MAX_INSTRUCTIONS_CHARS
    ? `${joined.slice(0, MAX_INSTRUCTIONS_CHARS)}\n... (cut)`
    : joined;
}
