import type { PromptServices, Tool } from '../tools/types';
import type { HookContext, ToolCallInput } from '../hooks/types';
import type { HookRegistry } from '../hooks/registry';
import type { PermissionGate } from '../permissions/gate';
import type { AgentEvent, ToolStatus } from '../protocol/events';
import type { SandboxMode } from '../permissions/types';
import type { Todo } from '../protocol/todos';
import type { OutputSpill } from '../context/spill';
import type { TaskListRef } from '../tasks/types';
import type { TaskListSnapshot } from '../protocol/tasks';
import type { SubagentHost } from '../agents/host';

/** What running one call needs, and what it gives back (execute-call.ts, prepare-call.ts). */

export interface CallContext {
  tools: Record<string, Tool>;
  hooks: HookRegistry;
  hookContext: HookContext;
  /** Rules, modes and the user; none: every call runs (tests of the bare loop). */
  permissions?: PermissionGate;
  cwd: string;
  roots: string[];
  /** Without a gate, `always` confines every bash call; with one, the gate decides. */
  sandbox: SandboxMode;
  signal: AbortSignal;
  /** The plan before this call (todo_write tells hooks the old list). */
  todos?: readonly Todo[];
  /** Keeps long results in a file; the model gets their head, tail and path. */
  spill?: OutputSpill;
  /** The calling agent's name (`main` when absent). */
  agentName?: string;
  taskList?: TaskListRef;
  /** Runs the children of `agent` calls. */
  subagents?: SubagentHost;
  /** What a tool that expands a prompt (the skill tool) needs of the session. */
  prompts?: PromptServicesFor;
  /** CLAUDE_ENV_FILE: bash sources it before each command. */
  shellEnvFile?: string;
  /** Told synchronously just before the tool runs (the session log records the start). */
  onToolStart?: (callId: string) => void;
}

/** The prompt services bound to one call's context and event stream. */
export type PromptServicesFor = (
  ctx: CallContext,
  emit: (event: AgentEvent) => void,
) => PromptServices;

export interface CallOutcome {
  /** What the model receives (a long result's head, tail and file). */
  output: string;
  status: ToolStatus;
  todos?: Todo[];
  tasks?: TaskListSnapshot;
  /** A hook asked to end the turn. */
  stop?: string;
}

/** One call as hooks and the gate see it: tick's input plus Claude Code's view of it. */
export function describeToolCall(
  tool: Tool,
  callId: string,
  input: unknown,
  cwd: string,
): ToolCallInput {
  return {
    callId,
    toolName: tool.name,
    look: tool.look,
    input,
    access: tool.access(input, { cwd }),
    claude: {
      toolName: tool.claude.name,
      ...(tool.claude.aliases ? { aliases: tool.claude.aliases } : {}),
      toolInput: tool.claude.toolInput(input, { cwd }),
    },
    ...previewOf(tool, cwd),
  };
}

/** The tool's preview of what a call would change, for an approval prompt (edits). */
function previewOf(tool: Tool, cwd: string): Pick<ToolCallInput, 'preview'> {
  const { preview } = tool;
  return preview ? { preview: (input) => preview(input, { cwd }) } : {};
}
