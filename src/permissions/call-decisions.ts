import { bashAlwaysRule, fileAlwaysRule } from './always-rule';
import type { CommandClassification } from './classify-command';
import { allow, ask } from './decisions';
import { displayPath, isInsideRoots, protectedPath, secretPath } from './paths';
import type { PermissionDecision } from './policy-types';
import type { PermissionMode } from './types';

/**
 * The last step of a decision, once no rule, hook or mode settled it: what the call does.
 * Pure functions of the call and the policy's settings (policy.ts runs the steps before).
 */

/**
 * bash by analysis: understood work runs; what is not understood is allowed here and
 * placed by the sandbox step (confined, or asked without a sandbox); an edit of files in
 * the roots asks in default mode and runs in acceptEdits; what is risky asks.
 */
export function analysisDecision(
  command: string,
  cls: CommandClassification,
  reason: string,
  mode: PermissionMode,
  interactive: boolean,
): PermissionDecision {
  const subject = command.trim();
  if (cls.level === 'read-only' || cls.level === 'workspace' || cls.level === 'unknown')
    return allow(`mode ${mode}`, cls.reason, subject);
  const alwaysRule = bashAlwaysRule(command, cls.parts);
  if (cls.level === 'edit') {
    // Bash that writes files inside the roots is a file edit: acceptEdits lets it run.
    if (mode === 'acceptEdits') return allow('mode acceptEdits', cls.reason, subject);
    return ask(interactive, subject, editReason(cls, reason), 'mode default', {
      alwaysRule,
      acceptEdits: true,
    });
  }
  return ask(interactive, subject, reason, `mode ${mode}`, { alwaysRule });
}

/** Why a command that edits files is asked: it names every file it writes. */
function editReason(cls: CommandClassification, reason: string): string {
  const parts = cls.parts.filter((p) => p.level === 'edit');
  if (parts.length <= 1) return reason;
  const files = [...new Set(parts.flatMap((p) => p.edits))];
  return `changes ${files.join(', ')}`;
}

export interface FileCall {
  toolName: string;
  /** Real absolute paths. */
  paths: string[];
  write: boolean;
  mode: PermissionMode;
  interactive: boolean;
  cwd: string;
  roots: readonly string[];
  /** Folders read without asking although outside the roots. */
  readRoots: readonly string[];
  home: string;
}

/**
 * A file tool's call: paths outside the roots, secrets and tick's own settings ask in
 * every mode; in default mode a write asks too, naming the files.
 */
export function fileDecision(call: FileCall): PermissionDecision {
  const { toolName, paths, write, mode, interactive, cwd, roots, home } = call;
  const subject = paths.join(', ') || toolName;
  const concerns: string[] = [];
  for (const p of paths) {
    const readable = !write && isInsideRoots(p, call.readRoots);
    if (!readable && !isInsideRoots(p, roots)) concerns.push(`outside workspace: ${p}`);
    const secret = secretPath(p, home);
    if (secret) concerns.push(`${write ? 'writes' : 'reads'} ${secret}`);
    const guarded = write && protectedPath(p, roots);
    if (guarded) concerns.push(`changes ${guarded}`);
  }
  const alwaysRule = fileAlwaysRule(toolName, paths, cwd);
  if (concerns.length > 0) {
    return ask(interactive, subject, concerns.join('; '), `mode ${mode}`, { alwaysRule });
  }
  if (write && mode === 'default') {
    const shown = paths.map((p) => displayPath(p, cwd, home)).join(', ');
    const verb = toolName === 'edit_file' ? 'edits' : 'writes';
    return ask(interactive, subject, `${verb} ${shown}`, 'mode default', {
      alwaysRule,
      acceptEdits: true,
    });
  }
  return allow(
    `mode ${mode}`,
    write ? 'edits inside the workspace' : 'reads inside the workspace',
    subject,
  );
}
