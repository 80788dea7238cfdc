import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScriptedTurn } from '../../src/demo/script-types';

export const PLAN = ['Write the notes', 'Clean up', 'Generate the report', 'Polish the report'];

/** The plan with items before `active` completed and `active` in progress. */
export function planAt(active: number) {
  return PLAN.map((content, index) => ({
    content,
    status: index < active ? 'completed' : index === active ? 'in_progress' : 'pending',
  }));
}

const call = (name: string, args: Record<string, unknown>) => ({
  toolCalls: [{ name, arguments: args }],
});

/**
 * A session of four plan items, with file-tool and bash changes: #1 writes notes.txt; #2
 * deletes old.txt with `rm` and edits notes.txt; #3 runs a script that creates report.txt and
 * writes summary.txt; #4 edits report.txt again (so undoing #3 overlaps it) and reads it.
 */
export const CHECKPOINT_SESSION: ScriptedTurn[] = [
  call('todo_write', { todos: planAt(0) }),
  call('write_file', { path: 'notes.txt', content: 'draft\n' }),
  call('todo_write', { todos: planAt(1) }),
  call('bash', { command: 'rm old.txt' }),
  call('edit_file', { path: 'notes.txt', old_text: 'draft', new_text: 'final' }),
  call('todo_write', { todos: planAt(2) }),
  call('bash', { command: 'sh make-report.sh' }),
  call('write_file', { path: 'summary.txt', content: 'summary\n' }),
  call('todo_write', { todos: planAt(3) }),
  call('edit_file', { path: 'report.txt', old_text: 'report', new_text: 'report, polished' }),
  call('bash', { command: 'cat report.txt' }),
  { text: 'All four done.' },
];

/** The workspace the session starts from. */
export function seedWorkspace(cwd: string): void {
  writeFileSync(join(cwd, 'old.txt'), 'old notes\n');
  writeFileSync(join(cwd, 'make-report.sh'), 'printf "report\\n" > report.txt\n');
}
