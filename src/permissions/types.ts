export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

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
}
