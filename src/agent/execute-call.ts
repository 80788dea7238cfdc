import type { AgentEvent, ToolStatus } from '../protocol/events';
import type { AssembledToolCall } from '../model/types';
import type { Tool, ToolResult } from '../tools/types';
import type { HookContext, ToolCallInput } from '../hooks/types';
import { MAIN_AGENT } from '../tasks/types';
import { runHooks } from '../hooks/registry';
import { lookupTool, parseToolInput } from '../tools/registry';
import { finishCall, prepareToolCall, type ReadyCall } from './prepare-call';
import type { CallContext, CallOutcome } from './call-context';
import { CANCELLED_TEXT } from '../protocol/cancel-text';
import { plainText } from '../util/plain-text';
import type { SubagentHost } from '../agents/host';
import type { RunSubagent } from '../agents/types';

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
 * One tool call from parsed arguments to result: prepared (validated, the floor, the
 * PreToolUse hooks, the gate), then run. A turn's calls are prepared together first
 * (run-calls.ts), so the questions they need wait on screen at once.
 */
export async function executeToolCall(
  call: AssembledToolCall,
  ctx: CallContext,
  emit: (event: AgentEvent) => void,
): Promise<CallOutcome> {
  const prepared = await prepareToolCall(call, ctx, emit);
  return prepared.kind === 'done' ? prepared.outcome : runPreparedCall(prepared, ctx, emit);
}

/**
 * Runs a call the gate let through, then its PostToolUse (or PostToolUseFailure) hooks.
 * Events go out through `emit` as they happen; the loop relays them in order.
 */
export async function runPreparedCall(
  prepared: ReadyCall,
  ctx: CallContext,
  emit: (event: AgentEvent) => void,
): Promise<CallOutcome> {
  const { call, described, tool, confined, preContext } = prepared;
  if (ctx.signal.aborted)
    return finishCall(call, ctx.tools, emit, { output: CANCELLED_TEXT }, 'cancelled', 0);
  // Counted from here, so time spent waiting for an approval is not counted.
  const started = Date.now();
  const hookContext = { ...ctx.hookContext, emit };
  let result: ToolResult;
  const outputFile = ctx.spill?.fileFor(call.id);
  ctx.onToolStart?.(call.id);
  emit({ type: 'tool_running', id: call.id, name: call.name });
  try {
    result = await tool.run(described.input, {
      cwd: ctx.cwd,
      roots: ctx.roots,
      signal: ctx.signal,
      sandbox: confined,
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
  const notes = [preContext, post.block, post.context].filter((text): text is string =>
    Boolean(text),
  );
  if (notes.length) result = { ...result, output: `${result.output}\n\n${notes.join('\n')}` };
  const forModel = ctx.spill ? await ctx.spill.forModel(call.id, result) : result.output;
  return finishCall(call, ctx.tools, emit, result, status, started, post.stop, forModel);
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
