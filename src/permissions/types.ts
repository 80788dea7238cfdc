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

/**
 * What a tool call touches, as the permission gate sees it. `mcp`: a call to an MCP server,
 * whose effects tick cannot see (asked by default; the server's annotations never change that).
 */
export interface ToolAccess {
  kind: 'none' | 'read' | 'write' | 'exec' | 'mcp';
  /** Absolute paths the call reads or writes (after resolving against the workspace). */
  paths?: string[];
  /** The shell command, for exec. */
  command?: string;
  /** For mcp: what the question shows (the server, the tool's title, the whole arguments) ... */
  subject?: string;
  /** ... and what the server says of the tool (its annotations, as its claims). */
  reason?: string;
  /** exec: the model asks to run outside the sandbox, for this reason (always asked). */
  unconfined?: string;
}
