import type { AgentEvent, ToolStatus } from '../protocol/events';
import type { AssembledToolCall } from '../model/types';
import type { PromptServices, Tool, ToolResult } from '../tools/types';
import type { HookContext, ToolCallInput } from '../hooks/types';
import type { HookRegistry } from '../hooks/registry';
import type { PermissionGate } from '../permissions/gate';
import type { HookVerdict } from '../permissions/policy-types';
import type { SandboxMode } from '../permissions/types';
import type { Todo } from '../protocol/todos';
import type { OutputSpill } from '../context/spill';
import { MAIN_AGENT, type TaskListRef } from '../tasks/types';
import { type TaskListSnapshot } from '../protocol/tasks';
import { runHooks } from '../hooks/registry';
import { lookOf, lookupTool, parseToolInput, validateToolInput } from '../tools/registry';
import { CANCELLED_TEXT } from '../protocol/cancel-text';
import { plainText } from '../util/plain-text';
import type { SubagentHost } from '../agents/host';
import type { RunSubagent } from '../agents/types';

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

/**
 * A call whose arguments parse, announced with its one-line summary as soon as the model's
 * answer is complete, so calls waiting behind an approval show what they will do.
 */
export function announceCall(
  call: AssembledToolCall,
  tools: Record<string, Tool>,
): AgentEvent | undefined {
  const found = lookupTool(call.name, tools);
  if (!found.ok) return undefined;
  const { tool } = found;
  const parsed = parseToolInput(tool, call.arguments);
  if (!parsed.ok) return undefined;
  const { input } = parsed;
  return {
    type: 'tool_call_ready',
    id: call.id,
    name: call.name,
    input,
    summary: tool.summary(input),
    look: tool.look,
    ...(call.recovered ? { recovered: call.recovered } : {}),
  };
}

/**
 * One tool call from parsed arguments to result, in Claude Code's order: validate,
 * tick's floor (forbidden commands), PreToolUse hooks (all at once), then the gate
 * (deny/ask rules, mode, analysis, the user; a hook's allow skips the prompt), run,
 * then PostToolUse (or PostToolUseFailure) hooks. Events go out through `emit` as they
 * happen; the loop relays them in order.
 */
export async function executeToolCall(
  call: AssembledToolCall,
  ctx: CallContext,
  emit: (event: AgentEvent) => void,
): Promise<CallOutcome> {
  // Reset when the tool starts, so time spent waiting for an approval is not counted.
  let started = Date.now();
  const finish = (
    result: ToolResult,
    status: ToolStatus,
    stop?: string,
    forModel = result.output,
  ): CallOutcome => {
    emit({
      type: 'tool_result',
      id: call.id,
      name: call.name,
      look: lookOf(call.name, ctx.tools),
      status,
      output: result.output,
      ...(result.display ? { display: result.display } : {}),
      durationMs: Date.now() - started,
    });
    return { output: forModel, status, todos: result.todos, tasks: result.tasks, stop };
  };

  const found = lookupTool(call.name, ctx.tools);
  if (!found.ok) return finish({ output: found.error }, 'error');
  const { tool } = found;
  const parsed = parseToolInput(tool, call.arguments);
  if (!parsed.ok) return finish({ output: parsed.error }, 'error');
  let described = describeToolCall(tool, call.id, parsed.input, ctx.cwd);

  const gateContext = { signal: ctx.signal, approve: ctx.hookContext.approve, emit };
  const floor = ctx.permissions?.floor(described, gateContext);
  if (floor !== undefined) return finish({ output: floor }, 'denied');

  const hookContext = { ...ctx.hookContext, emit };
  const pre = await runHooks(ctx.hooks, 'PreToolUse', described, hookContext);
  if (pre.block !== undefined || pre.permission === 'deny') {
    const output = pre.block ?? `Blocked by hook: ${pre.permissionReason ?? 'denied'}`;
    emit({
      type: 'permission_decided',
      callId: call.id,
      decision: 'deny',
      by: 'hook',
      ...(pre.permissionReason ? { note: pre.permissionReason } : {}),
    });
    return finish({ output }, 'denied', pre.stop);
  }
  // `continue: false` stops everything after the hooks: the call does not run either.
  if (pre.stop !== undefined) {
    return finish({ output: `Error: not run: ${pre.stop}` }, 'cancelled', pre.stop);
  }
  const rewrite =
    pre.claudeInput !== undefined
      ? tool.claude.fromToolInput(pre.claudeInput, { cwd: ctx.cwd })
      : pre.input;
  if (rewrite !== undefined) {
    const rewritten = validateToolInput(tool, rewrite);
    if (!rewritten.ok) {
      const output = `${rewritten.error} (after a PreToolUse hook rewrote the input)`;
      return finish({ output }, 'error');
    }
    described = describeToolCall(tool, call.id, rewritten.input, ctx.cwd);
    // The rewritten call meets the floor too: a hook cannot turn it into a forbidden one.
    const again = ctx.permissions?.floor(described, gateContext);
    if (again !== undefined) return finish({ output: again }, 'denied');
  }
  // What tick's own hooks added to the payload (the checkpoint's id) goes on to PostToolUse.
  if (pre.extras) described = { ...described, extras: pre.extras };
  const verdict: HookVerdict | undefined =
    pre.permission === 'allow' || pre.permission === 'ask'
      ? {
          decision: pre.permission,
          ...(pre.permissionReason ? { reason: pre.permissionReason } : {}),
        }
      : undefined;
  const gate = (await ctx.permissions?.check(described, verdict, gateContext)) ?? {
    run: true,
    confined: ctx.sandbox === 'always',
  };
  if (!gate.run) return finish({ output: gate.output }, 'denied');
  if (ctx.signal.aborted) return finish({ output: CANCELLED_TEXT }, 'cancelled');

  let result: ToolResult;
  started = Date.now();
  const outputFile = ctx.spill?.fileFor(call.id);
  ctx.onToolStart?.(call.id);
  emit({ type: 'tool_running', id: call.id, name: call.name });
  try {
    result = await tool.run(described.input, {
      cwd: ctx.cwd,
      roots: ctx.roots,
      signal: ctx.signal,
      sandbox: gate.confined,
      agentName: ctx.agentName ?? MAIN_AGENT,
      taskList: ctx.taskList,
      onOutput: (chunk) => emit({ type: 'tool_output', id: call.id, chunk }),
      ...(ctx.todos ? { todos: ctx.todos } : {}),
      ...(outputFile ? { outputFile } : {}),
      ...(ctx.prompts ? { prompts: ctx.prompts(ctx, emit) } : {}),
      ...(ctx.shellEnvFile ? { shellEnvFile: ctx.shellEnvFile } : {}),
      ...(ctx.subagents
        ? { runSubagent: subagentRunner(ctx.subagents, call.id, ctx.signal, emit) }
        : {}),
    });
  } catch (error) {
    result = { output: `Error: ${call.name} failed: ${errorText(error)}`, isError: true };
  }
  // A program's escapes, BELs and NULs go neither to the model nor into the session log.
  result = { ...result, output: plainText(result.output) };
  const status: ToolStatus = ctx.signal.aborted ? 'cancelled' : result.isError ? 'error' : 'ok';

  const post = await runPostHooks(
    ctx,
    described,
    result,
    status,
    Date.now() - started,
    hookContext,
  );
  // PreToolUse's additionalContext goes beside the result too, before PostToolUse's.
  const notes = [pre.context, post.block, post.context].filter((text): text is string =>
    Boolean(text),
  );
  if (notes.length) result = { ...result, output: `${result.output}\n\n${notes.join('\n')}` };
  const forModel = ctx.spill ? await ctx.spill.forModel(call.id, result) : result.output;
  return finish(result, status, post.stop, forModel);
}

/** PostToolUse after a success, PostToolUseFailure after a failure, as Claude Code fires them. */
function runPostHooks(
  ctx: CallContext,
  call: ToolCallInput,
  result: ToolResult,
  status: ToolStatus,
  durationMs: number,
  hookContext: HookContext,
) {
  const outcome = result.claude;
  const failed = status !== 'ok' || (outcome !== undefined && 'error' in outcome);
  if (failed) {
    const error = outcome && 'error' in outcome ? outcome.error : result.output;
    return runHooks(
      ctx.hooks,
      'PostToolUseFailure',
      { ...call, error, isInterrupt: status === 'cancelled', durationMs },
      hookContext,
    );
  }
  const response = outcome && 'response' in outcome ? outcome.response : result.output;
  return runHooks(
    ctx.hooks,
    'PostToolUse',
    { ...call, output: result.output, status, response, durationMs },
    hookContext,
  );
}

/** The `agent` tool's way to start its child, bound to the call it answers. */
function subagentRunner(
  host: SubagentHost,
  callId: string,
  signal: AbortSignal,
  emit: (event: AgentEvent) => void,
): RunSubagent {
  return (request) => host.run(request, callId, signal, emit);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
