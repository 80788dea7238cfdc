export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

/**
 * When bash runs in the sandbox (bubblewrap): `auto` confines what tick does not understand,
 * `always` confines every command, `off` never does (what is not understood is asked).
 */
export type SandboxMode = 'auto' | 'always' | 'off';

export const SANDBOX_MODES: readonly SandboxMode[] = ['auto', 'always', 'off'];

export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'plan',
  'bypassPermissions',
];

/** What a tool call touches, as the permission gate sees it. */
export interface ToolAccess {
  kind: 'none' | 'read' | 'write' | 'exec';
  /** Absolute paths the call reads or writes (after resolving against the workspace). */
  paths?: string[];
  /** The shell command, for exec. */
  command?: string;
  /** exec: the model asks to run outside the sandbox, for this reason (always asked). */
  unconfined?: string;
}
